// JSON schemas of the patient routes, in the spec's field names (platform.md section 7).
import { answersSchema, publicPharmacySchema, sectionAnswersSchema } from '../schemas';

const trimmedText = (max: number) => ({ type: 'string', minLength: 1, maxLength: max, pattern: '\\S' }) as const;

export const registrationBodySchema = {
  type: 'object',
  required: ['civilite', 'nom', 'prenom', 'date_naissance', 'email', 'clientId'],
  properties: {
    civilite: { type: 'string', enum: ['Monsieur', 'Madame', 'Autre'] },
    nom: trimmedText(100),
    prenom: trimmedText(100),
    date_naissance: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    email: { type: 'string', maxLength: 254, pattern: '^\\s*[^\\s@]+@[^\\s@]+\\.[^\\s@]+\\s*$' },
    numero_securite_sociale: { type: ['string', 'null'], maxLength: 64 },
    clientId: { type: 'integer', minimum: 1 },
    ageGroup: { type: 'string', maxLength: 16 },
    consent: { type: 'boolean' },
    ticket: { type: 'string', maxLength: 200 },
  },
} as const;

export const registrationResultSchema = {
  type: 'object',
  required: ['token', 'userId', 'ageGroup'],
  properties: { token: { type: 'string' }, userId: { type: 'integer' }, ageGroup: { type: 'string' } },
} as const;

export const meSchema = {
  type: 'object',
  required: ['id', 'civilite', 'nom', 'prenom', 'date_naissance', 'email', 'ageGroup', 'client', 'definition', 'status', 'reponses', 'savedPages', 'submittedAt'],
  properties: {
    id: { type: 'integer' },
    civilite: { type: 'string' },
    nom: { type: 'string' },
    prenom: { type: 'string' },
    date_naissance: { type: 'string' },
    email: { type: 'string' },
    ageGroup: { type: 'string' },
    client: publicPharmacySchema,
    definition: { type: 'object', required: ['id', 'version'], properties: { id: { type: 'string' }, version: { type: 'string' } } },
    status: { type: 'string', enum: ['in_progress', 'submitted'] },
    reponses: answersSchema,
    savedPages: { type: 'array', items: { type: 'string' } },
    submittedAt: { type: ['string', 'null'] },
  },
} as const;

export const pageBodySchema = {
  type: 'object',
  required: ['pageKey', 'reponses'],
  properties: { pageKey: { type: 'string', minLength: 1, maxLength: 64 }, reponses: sectionAnswersSchema },
} as const;

export const pageResultSchema = {
  type: 'object',
  required: ['pageKey', 'reponses', 'dropped', 'savedPages'],
  properties: {
    pageKey: { type: 'string' },
    reponses: sectionAnswersSchema,
    dropped: { type: 'array', items: { type: 'string' } },
    savedPages: { type: 'array', items: { type: 'string' } },
  },
} as const;

export const submitResultSchema = {
  type: 'object',
  required: ['status', 'submittedAt'],
  properties: { status: { type: 'string', enum: ['submitted'] }, submittedAt: { type: 'string' } },
} as const;
