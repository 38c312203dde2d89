import { sectionSchema, type Definition, type JsonSchema } from '@bilan/engine';

/**
 * The most bytes one character of a text can take in a JSON body as the web app sends it
 * (JSON.stringify in UTF-8): 4 for a character outside the BMP, 2 for an escaped quote,
 * backslash or line break; the other control characters are refused (text/safeText.ts).
 */
const BYTES_PER_CHARACTER = 4;
/** The longest text of a JSON number (`-2.2250738585072014e-308`). */
const NUMBER_BYTES = 24;

const stringBytes = (text: string) => Buffer.byteLength(JSON.stringify(text), 'utf8');
/** Brackets or braces around items separated by commas. */
const listBytes = (items: number[]) => 2 + items.reduce((sum, bytes) => sum + bytes, 0) + Math.max(0, items.length - 1);

/**
 * The most bytes a JSON value valid against `schema` can take, as JSON.stringify writes it: every
 * text at its maximum length, every list full, every optional property present. Throws on a
 * schema that sets no bound (a text without maxLength, a list without maxItems): the body limit of
 * the page save would not be computable.
 */
export function largestJsonBytes(schema: JsonSchema): number {
  if (schema.const !== undefined) return Buffer.byteLength(JSON.stringify(schema.const), 'utf8');
  if (schema.enum) return Math.max(...schema.enum.map(stringBytes));
  switch (schema.type) {
    case 'boolean':
      return 'false'.length;
    case 'number':
    case 'integer':
      return NUMBER_BYTES;
    case 'string':
      if (schema.maxLength === undefined) throw new Error(`text without maxLength: ${schema.title ?? ''}`);
      return 2 + schema.maxLength * BYTES_PER_CHARACTER;
    case 'array': {
      const items = schema.items;
      if (!items) throw new Error(`list without items: ${schema.title ?? ''}`);
      // A list of distinct answer strings holds each once at most.
      if (schema.uniqueItems && items.enum) return listBytes(items.enum.map(stringBytes));
      throw new Error(`list without a bound: ${schema.title ?? ''}`);
    }
    case 'object': {
      // Each property: its key, a colon, its value.
      const properties = Object.entries(schema.properties ?? {});
      return listBytes(properties.map(([key, value]) => stringBytes(key) + 1 + largestJsonBytes(value)));
    }
    default:
      throw new Error(`schema without a type: ${schema.title ?? ''}`);
  }
}

/** The largest body a page save can need: the largest page of answers of every definition version, in its envelope. */
export function largestPageBodyBytes(definitions: readonly Definition[]): number {
  let largest = 0;
  for (const definition of definitions)
    for (const page of definition.pages) {
      // `{"pageKey":"<section>","reponses":<answers>}`
      const answers = largestJsonBytes(sectionSchema(definition, page.section));
      const body = listBytes([
        stringBytes('pageKey') + 1 + stringBytes(page.section),
        stringBytes('reponses') + 1 + answers,
      ]);
      largest = Math.max(largest, body);
    }
  return largest;
}
