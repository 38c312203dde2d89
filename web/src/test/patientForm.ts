import { screen } from '@testing-library/react';
import type { Handler } from './fakeApi';
import { registry } from './registry';

/** GET /api/utilisateur/me as the server answers it for an 18-25 patient, Camille, of pharmacie-demo. */
export function patientAndForm(
  savedPages: string[] = [],
  reponses: object = { generalQuestions: { gender: 'female' } },
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

/**
 * POST /api/utilisateur/me/resume as the server answers it (D31): the record for Camille's day and
 * month of birth (15 January), else the tries left, counting down from 2.
 */
export function resumeHandler(record: () => object = () => patientAndForm(['generalQuestions'])): Handler {
  let wrong = 0;
  return (call) => {
    const { jour, mois } = call.body as { jour: number; mois: number };
    if (jour === 15 && mois === 1) return [200, record()];
    wrong += 1;
    if (wrong >= 3) return [401, { code: 'resume_closed', message: 'fermé', error: 'Unauthorized' }];
    return [422, { code: 'wrong_birth_date', message: 'faux', error: 'x', details: { triesLeft: 3 - wrong } }];
  };
}

/** Answers the resume question (D31) with a day and month of birth, Camille's by default. */
export async function answerResume(
  user: { type: (e: Element, t: string) => Promise<void>; click: (e: Element) => Promise<void> },
  day = '15',
  month = '1',
) {
  await user.type(await screen.findByLabelText('Jour de naissance'), day);
  await user.type(screen.getByLabelText('Mois de naissance'), month);
  await user.click(screen.getByRole('button', { name: 'Oui, reprendre mon questionnaire' }));
}
