// JSON schemas of the patient routes, in the spec's field names (docs/product.md §7).
import {
  allRequired,
  answersSchema,
  dateText,
  integerSchema,
  nullableText,
  patientNames,
  publicPharmacySchema,
  sectionAnswersSchema,
  stringList,
  stringSchema,
  text,
} from '../schemas';
import { EMAIL_FIELD_PATTERN } from '../shared/text/emailAddress';

const trimmedText = (max: number) => ({ type: 'string', minLength: 1, maxLength: max, pattern: '\\S' }) as const;

export const registrationBodySchema = {
  type: 'object',
  required: ['civilite', 'nom', 'prenom', 'date_naissance', 'clientId'],
  additionalProperties: false,
  properties: {
    civilite: { type: 'string', enum: ['Monsieur', 'Madame', 'Autre'] },
    nom: trimmedText(100),
    prenom: trimmedText(100),
    date_naissance: { type: 'string', maxLength: 10, pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    // Optional (D30): absent, null or blank when the patient has no address.
    // Linear, and its length refused first (shared/text/emailAddress.ts).
    email: { type: ['string', 'null'], maxLength: 254, pattern: EMAIL_FIELD_PATTERN },
    numero_securite_sociale: { type: ['string', 'null'], maxLength: 64 },
    clientId: { type: 'integer', format: 'int32', minimum: 1, maximum: 2147483647 },
    ageGroup: { type: 'string', maxLength: 16 },
    consent: { type: 'boolean' },
    ticket: { type: 'string', maxLength: 200 },
  },
} as const;

export const registrationResultSchema = allRequired({
  token: text(2000),
  userId: integerSchema,
  ageGroup: stringSchema,
});

/** French, or a language a version may be published with (D41). */
const languageSchema = { type: 'string', enum: ['fr', 'en', 'ar'] } as const;

export const meSchema = allRequired({
  id: integerSchema,
  civilite: stringSchema,
  ...patientNames,
  /** Null when the patient gave no address (D30). */
  email: nullableText(254),
  ageGroup: stringSchema,
  client: publicPharmacySchema,
  definition: allRequired({ id: stringSchema, version: stringSchema }),
  status: { type: 'string', enum: ['in_progress', 'submitted'] },
  reponses: answersSchema,
  savedPages: stringList,
  submittedAt: nullableText(32),
  version: integerSchema,
  /** The language the patient reads the questionnaire in (D41). */
  language: languageSchema,
});

/** The language a patient chooses for the questionnaire (D41). */
export const languageBodySchema = {
  type: 'object',
  required: ['language'],
  additionalProperties: false,
  properties: { language: languageSchema },
} as const;

export const languageResultSchema = allRequired({ language: languageSchema });

export const pageBodySchema = {
  type: 'object',
  required: ['pageKey', 'reponses'],
  additionalProperties: false,
  properties: { pageKey: { type: 'string', minLength: 1, maxLength: 64 }, reponses: sectionAnswersSchema },
} as const;

/** The saved page; `version` counts the form's saves (the one this save made it). */
export const pageResultSchema = allRequired({
  pageKey: stringSchema,
  reponses: sectionAnswersSchema,
  dropped: stringList,
  savedPages: stringList,
  version: integerSchema,
});

export const submitResultSchema = allRequired({
  status: { type: 'string', enum: ['submitted'] },
  submittedAt: dateText,
});

/** The day and month of birth that let a person resume a form on a shared device (D31). */
export const resumeBodySchema = {
  type: 'object',
  required: ['jour', 'mois'],
  additionalProperties: false,
  properties: {
    jour: { type: 'integer', format: 'int32', minimum: 1, maximum: 31 },
    mois: { type: 'integer', format: 'int32', minimum: 1, maximum: 12 },
  },
} as const;

export const erasedSchema = allRequired({ status: { type: 'string', enum: ['erased'] } });

/** The « still here » call carries nothing: an empty JSON object (D39). */
export const stillHereBodySchema = { type: 'object', additionalProperties: false, properties: {} } as const;

export const stillHereResultSchema = allRequired({ status: { type: 'string', enum: ['seen'] } });
