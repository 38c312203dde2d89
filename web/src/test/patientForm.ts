import { registry } from './registry';

/** GET /api/utilisateur/me as the server answers it for an 18-25 patient, Camille, of pharmacie-demo. */
export function patientAndForm(
  savedPages: string[] = [],
  reponses: object = { generalQuestions: { gender: 'Femme' } },
) {
  const definition = registry.latest('18to25');
  return {
    id: 1,
    civilite: 'Madame',
    nom: 'Martin',
    prenom: 'Camille',
    date_naissance: '2004-01-15',
    email: 'c@example.fr',
    ageGroup: '18to25',
    client: { id: 7, name: 'pharmacie-demo', nom: 'Pharmacie du Centre' },
    definition: { id: definition.id, version: definition.version },
    status: 'in_progress',
    reponses,
    savedPages,
    submittedAt: null,
  };
}
