import type { Answers, SectionAnswers } from '@bilan/engine';
import { apiJson } from './client';

export interface PublicClient {
  id: number | string;
  name: string;
  nom: string;
}

export interface PatientRecord {
  id: number | string;
  civilite: string;
  nom: string;
  prenom: string;
  date_naissance: string;
  email: string;
  ageGroup: string;
  client: PublicClient;
  definition: { id: string; version: string };
  status: 'in_progress' | 'submitted';
  reponses: Answers;
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
  client: (clientName: string) =>
    apiJson<{ client: PublicClient }>(`/api/clients/public/${encodeURIComponent(clientName)}`),
  verifyBotCheck: (token: string) =>
    apiJson<{ success: boolean; score?: number; provider?: string; ticket?: string }>('/api/verify-recaptcha', {
      body: { token },
    }),
  create: (body: CreatePatientBody) =>
    apiJson<{ token: string; userId: number | string; ageGroup: string }>('/api/utilisateur/create', { body }),
  me: (token: string) => apiJson<PatientRecord>('/api/utilisateur/me', { token }),
  saveSection: (token: string, pageKey: string, reponses: SectionAnswers) =>
    apiJson<{ pageKey: string; reponses: SectionAnswers; dropped: string[]; savedPages: string[] }>(
      '/api/utilisateur/me/responses',
      { method: 'PATCH', token, body: { pageKey, reponses } },
    ),
  submit: (token: string) =>
    apiJson<{ status: 'submitted'; submittedAt: string }>('/api/utilisateur/me/submit', { method: 'POST', token }),
};
