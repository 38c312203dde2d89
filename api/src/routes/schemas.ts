// JSON Schema fragments shared by the routes (and the OpenAPI document).

export const errorRef = { $ref: 'ErrorBody#' } as const;

/** The usual error responses of a route. */
export function errors(...codes: number[]): Record<number, typeof errorRef> {
  return Object.fromEntries(codes.map((c) => [c, errorRef]));
}

/** Answers: section key → field key → value (radio string, box boolean, number, text, list). */
export const answersSchema = {
  type: 'object',
  additionalProperties: { type: 'object', additionalProperties: true },
} as const;

export const sectionAnswersSchema = { type: 'object', additionalProperties: true } as const;

export const clientPublicSchema = {
  type: 'object',
  required: ['id', 'name', 'nom'],
  properties: { id: { type: 'integer' }, name: { type: 'string' }, nom: { type: 'string' } },
} as const;

export const clientNameParams = {
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
