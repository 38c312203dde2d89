// JSON Schema fragments shared by the features' routes (and the OpenAPI document). The JSON field
// names are the spec's contract (platform.md section 7): `client`, `nom`, `clientName`, `reponses`.

export const errorRef = { $ref: 'ErrorBody#' } as const;

/** An object schema whose properties are all required. */
export function allRequired<const P extends Record<string, object>>(properties: P) {
  return { type: 'object', required: Object.keys(properties), properties } as const;
}

export const stringSchema = { type: 'string' } as const;
export const integerSchema = { type: 'integer' } as const;
export const stringList = { type: 'array', items: stringSchema } as const;

/** The usual error responses of a route. */
export function errors(...codes: number[]): Record<number, typeof errorRef> {
  return Object.fromEntries(codes.map((c) => [c, errorRef]));
}

/** Answers: section → field → value (radio string, box boolean, number, text, list). */
export const answersSchema = {
  type: 'object',
  additionalProperties: { type: 'object', additionalProperties: true },
} as const;

/** The answers of one section: field → value. */
export const sectionAnswersSchema = { type: 'object', additionalProperties: true } as const;

/** The spec's identity fields of a patient, as the patient's record and the dashboard answer them. */
export const patientNames = { nom: stringSchema, prenom: stringSchema, date_naissance: stringSchema } as const;

/** A pharmacy as a patient link shows it: the spec's "client" object. */
export const publicPharmacySchema = allRequired({ id: integerSchema, name: stringSchema, nom: stringSchema });

/** The {clientName} route segment: a pharmacy's name. */
export const pharmacyNameParams = {
  type: 'object',
  required: ['clientName'],
  properties: { clientName: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

/** A PDF file response, for the OpenAPI document. */
export const pdfResponse = {
  description: 'Document PDF',
  content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
} as const;

/** `{ status: 'queued' }`: an e-mail was queued (202). */
export const queuedSchema = allRequired({ status: { type: 'string', enum: ['queued'] } });

/** A nullable string field. */
export const nullableString = { type: ['string', 'null'] } as const;
