import type { SectionAnswers } from '@bilan/engine';
import type { StoredAnswers } from '@bilan/generated/types';
import { apiJson } from './client';

// The API's JSON keeps the names of the platform contract (civilite, nom, client, ageGroup,
// reponses, pageKey, savedPages); the types below name what they hold in the web's words.

/** A pharmacy as the public endpoint gives it: `name` is its route segment, `nom` what people read. */
export interface PublicPharmacy {
  id: number | string;
  name: string;
  nom: string;
}

/** A patient as the API names them (platform.md section 3): the patient's view and the pharmacist's form page. */
export interface PatientIdentity {
  civilite: string;
  nom: string;
  prenom: string;
  date_naissance: string;
  email: string;
  ageGroup: string;
}

/** GET /api/utilisateur/me: the patient and their form (definition ref, answers, saved sections, status). */
export interface PatientAndForm extends PatientIdentity {
  id: number | string;
  client: PublicPharmacy;
  definition: { id: string; version: string };
  status: 'in_progress' | 'submitted';
  reponses: StoredAnswers;
  savedPages: string[];
  submittedAt: string | null;
}

export interface CreatePatientBody {
  civilite: string;
  nom: string;
  prenom: string;
  date_naissance: string;
  email: string;
  numero_securite_sociale?: string;
  clientId: number | string;
  consent: true;
  ticket: string;
}

/** The patient-side calls of the real flow (platform.md section 7, common contract). */
export const patientApi = {
  pharmacy: (pharmacyName: string) =>
    apiJson<{ client: PublicPharmacy }>(`/api/clients/public/${encodeURIComponent(pharmacyName)}`),
  /**
   * The server's verdict on a solved bot check: its single-use ticket, or null when refused (a
   * reCAPTCHA score under 0.05 counts as refused, for registration as for the demo e-mail).
   */
  botCheckTicket: async (token: string): Promise<string | null> => {
    const verdict = await apiJson<{ success: boolean; score?: number; provider?: string; ticket?: string }>('/api/verify-recaptcha', {
      body: { token },
    });
    return verdict.success && (verdict.score ?? 1) >= 0.05 && verdict.ticket ? verdict.ticket : null;
  },
  create: (body: CreatePatientBody) =>
    apiJson<{ token: string; userId: number | string; ageGroup: string }>('/api/utilisateur/create', { body }),
  me: (token: string) => apiJson<PatientAndForm>('/api/utilisateur/me', { token }),
  saveSection: (token: string, section: string, answers: SectionAnswers) =>
    apiJson<{ pageKey: string; reponses: SectionAnswers; dropped: string[]; savedPages: string[] }>(
      '/api/utilisateur/me/responses',
      { method: 'PATCH', token, body: { pageKey: section, reponses: answers } },
    ),
  submit: (token: string) =>
    apiJson<{ status: 'submitted'; submittedAt: string }>('/api/utilisateur/me/submit', { method: 'POST', token }),
};
