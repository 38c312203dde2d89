// JSON Schema fragments shared by the features' routes (and the OpenAPI document). The JSON field
// names are the spec's contract (platform.md section 7): `client`, `nom`, `clientName`, `reponses`.

export const errorRef = { $ref: 'ErrorBody#' } as const;

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

/** A pharmacy as a patient link shows it: the spec's "client" object. */
export const publicPharmacySchema = {
  type: 'object',
  required: ['id', 'name', 'nom'],
  properties: { id: { type: 'integer' }, name: { type: 'string' }, nom: { type: 'string' } },
} as const;

/** The {clientName} route segment: a pharmacy's name. */
export const pharmacyNameParams = {
  type: 'object',
  required: ['clientName'],
  properties: { clientName: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

export const bearer = [{ bearer: [] }];

/** A PDF file response, for the OpenAPI document. */
export const pdfResponse = {
  description: 'Document PDF',
  content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
} as const;

/** `{ status: 'queued' }`: an e-mail was queued (202). */
export const queuedSchema = { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['queued'] } } } as const;

/** A nullable string field. */
export const nullableString = { type: ['string', 'null'] } as const;
