// JSON Schema fragments shared by the features' routes (and the OpenAPI document). The JSON field
// names are the spec's contract (docs/product.md §7): `client`, `nom`, `clientName`, `reponses`.
import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';

/**
 * A plugin of routes whose handlers get their types from their schemas (json-schema-to-ts): the
 * body, params and query string they are given, and what each status code may answer. A binary
 * file (a PDF, a workbook, an image) is answered as a Buffer, a stream or a text.
 */
export type RoutesPlugin = FastifyPluginAsyncJsonSchemaToTs<{
  SerializerSchemaOptions: {
    deserialize: [{ pattern: { type: 'string'; format: 'binary' }; output: Buffer | Readable | string }];
  };
}>;

export const errorRef = { $ref: 'ErrorBody#' } as const;

/** An object schema whose properties are all required. */
export function allRequired<const P extends Record<string, object>>(properties: P) {
  return { type: 'object', required: Object.keys(properties), properties } as const;
}

/*
 * Every string, integer and array the API takes or gives is bounded (OWASP API4: an input with no
 * bound is a resource with no bound; the answers' bounds are documented too, so that an integrator
 * can size a column). The figures are what the product allows, with room.
 */

/** A string of at most `maxLength` characters. */
export const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;

/** A string or null, of at most `maxLength` characters. */
export const nullableText = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;

/** An array of at most `maxItems` items. */
export const list = <const I extends object>(items: I, maxItems: number) =>
  ({ type: 'array', items, maxItems }) as const;

/** A row id, a count or a page number: a non-negative 32-bit integer. */
export const integerSchema = { type: 'integer', format: 'int32', minimum: 0, maximum: 2147483647 } as const;

/** A short label or code (an age band, a status, a version). */
export const stringSchema = text(64);

/** A date or a date and time as the API writes them (ISO 8601). */
export const dateText = text(32);

/** Words a person reads: a title, an advice, a question's label, an answer. */
export const prose = text(4000);

/** Labels of a few items (a form's priorities, saved pages): at most 200. */
export const stringList = list(prose, 200);

/** A nullable date or label. */
export const nullableString = nullableText(4000);

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
export const patientNames = { nom: text(100), prenom: text(100), date_naissance: text(10) } as const;

/** A pharmacy as a patient link shows it: the spec's "client" object. */
export const publicPharmacySchema = allRequired({ id: integerSchema, name: text(64), nom: text(200) });

/** The {clientName} route segment: a pharmacy's name. */
export const pharmacyNameParams = {
  type: 'object',
  required: ['clientName'],
  properties: { clientName: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

/** A file the API sends (a PDF, a workbook): at most 100 MB. */
export const binaryFile = { type: 'string', format: 'binary', maxLength: 100_000_000 } as const;

/** A PDF file response, for the OpenAPI document. */
export const pdfResponse = {
  description: 'Document PDF',
  content: { 'application/pdf': { schema: binaryFile } },
} as const;

/** `{ status: 'queued' }`: an e-mail was queued (202). */
export const queuedSchema = allRequired({ status: { type: 'string', enum: ['queued'] } });
