import type { Language, SectionAnswers } from '@bilan/engine';
import type { StoredAnswers } from '@bilan/generated/types';
import { apiJson, type Answer, type RequestBody } from './client';

// The API's JSON keeps the names of the platform contract (civilite, nom, client, ageGroup,
// reponses, pageKey, savedPages); the types below name what they hold in the web's words.

/** A pharmacy as the public endpoint gives it: `name` is its route segment, `nom` what people read. */
export type PublicPharmacy = Answer<'get', '/api/clients/public/{clientName}'>['client'];

type Me = Answer<'get', '/api/utilisateur/me'>;

/**
 * GET /api/utilisateur/me: the patient and their form (definition ref, answers, saved sections,
 * status). The route schema says only "sections of fields"; the answers' own shape comes from the
 * definitions (generated types), which the server validated them against.
 */
export type PatientAndForm = Omit<Me, 'reponses'> & { reponses: StoredAnswers };

export type CreatePatientBody = RequestBody<'post', '/api/utilisateur/create'>;

/** The patient-side calls of the real flow (docs/product.md §7, common contract). */
export const patientApi = {
  pharmacy: (pharmacyName: string) =>
    apiJson('get', '/api/clients/public/{clientName}', { params: { clientName: pharmacyName } }),
  /**
   * The server's verdict on a solved bot check: its single-use ticket, or null when refused (a
   * reCAPTCHA score under 0.05 counts as refused, for registration as for the demo e-mail).
   */
  botCheckTicket: async (token: string): Promise<string | null> => {
    const verdict = await apiJson('post', '/api/verify-recaptcha', { body: { token } });
    return verdict.success && (verdict.score ?? 1) >= 0.05 && verdict.ticket ? verdict.ticket : null;
  },
  create: (body: CreatePatientBody) => apiJson('post', '/api/utilisateur/create', { body }),
  me: async (token: string): Promise<PatientAndForm> =>
    (await apiJson('get', '/api/utilisateur/me', { token })) as PatientAndForm,
  /** D31: the day and month of birth given at registration let this device show the form again. */
  resume: async (token: string, day: number, month: number): Promise<PatientAndForm> =>
    (await apiJson('post', '/api/utilisateur/me/resume', {
      token,
      body: { jour: day, mois: month },
    })) as PatientAndForm,
  /** D39: the person is still in front of the screen; the server's pause starts again. */
  stillHere: (token: string) => apiJson('post', '/api/utilisateur/me/still-here', { token, body: {} }),
  /** « Arrêter et effacer mes réponses » (D31): the form in progress deleted on the server. */
  erase: (token: string) => apiJson('delete', '/api/utilisateur/me', { token }),
  saveSection: async (token: string, section: string, answers: SectionAnswers) => {
    const saved = await apiJson('patch', '/api/utilisateur/me/responses', {
      token,
      body: { pageKey: section, reponses: answers },
    });
    // The saved page's answers, as sent back by the server: a section's fields (see PatientAndForm).
    return { ...saved, reponses: saved.reponses as SectionAnswers };
  },
  /** D41: the language the patient reads the questionnaire in, kept with the form (its PDFs say it). */
  setLanguage: (token: string, language: Language) =>
    apiJson('put', '/api/utilisateur/me/language', { token, body: { language } }),
  submit: (token: string) => apiJson('post', '/api/utilisateur/me/submit', { token }),
};
