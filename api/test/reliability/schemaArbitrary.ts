// fast-check arbitraries built from the routes' real JSON Schemas (as the OpenAPI document gives
// them) and from the definitions' section schemas: values that look like what a client sends,
// right or nearly right, plus hostile values where the schema leaves room.
import fc from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

/** Strings that break naive code: control characters, markup, SQL, huge numbers, odd Unicode. */
export const nastyString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\n\r\t',
    "'; DROP TABLE patients; --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '__proto__',
    'constructor',
    '{"$gt":""}',
    '1e309',
    '-0',
    'NaN',
    '9'.repeat(40),
    '\u202e\u200b\ufeff',
    'é'.normalize('NFD'),
    '😀👩‍⚕️',
    '2024-02-30',
    '0000-00-00',
    '9999-12-31',
    'a@b',
    'A'.repeat(5000),
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** Any JSON value, with hostile strings and numbers among them. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: nastyString },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 63), 1e308, [], {}, [null], {
      '': null,
    }),
  },
);

function types(schema: JsonSchema): string[] {
  const t = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  return schema.nullable ? [...t, 'null'] : t;
}

/**
 * An arbitrary for a schema: mostly values the schema accepts (so that the handlers, not only the
 * validator, are reached), sometimes values just outside it (too long, wrong type, out of range).
 */
export function fromSchema(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => fromSchema(s, depth + 1)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum)
    return fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...schema.enum) }, { weight: 1, arbitrary: nastyString });
  const ts = types(schema);
  if (ts.length === 0) return anyJson;
  return fc.oneof(...ts.map((t) => ofType(t, schema, depth)), { arbitrary: anyJson, weight: depth === 0 ? 0 : 1 });
}

function ofType(type: string, schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min = schema.minimum ?? -1000;
      const max = schema.maximum ?? Math.max(min + 1000, 1000);
      return fc.oneof(
        { weight: 6, arbitrary: fc.integer({ min, max }) },
        { weight: 1, arbitrary: fc.constantFrom(min - 1, max + 1, 2 ** 31, 2 ** 53 + 1) },
      );
    }
    case 'number': {
      const min = schema.minimum ?? -1000;
      const max = schema.maximum ?? Math.max(min + 1000, 1000);
      return fc.oneof(
        { weight: 6, arbitrary: fc.double({ min, max, noNaN: true, noDefaultInfinity: true }) },
        { weight: 1, arbitrary: fc.constantFrom(min - 0.5, max + 1, 0, -0, 1e308) },
      );
    }
    case 'string': {
      const maxLength = Math.min(schema.maxLength ?? 60, 60);
      const minLength = Math.min(schema.minLength ?? 0, maxLength);
      return fc.oneof(
        { weight: 6, arbitrary: fc.string({ minLength, maxLength }) },
        { weight: 2, arbitrary: nastyString },
        { weight: 1, arbitrary: fc.constant('x'.repeat((schema.maxLength ?? 300) + 1)) },
      );
    }
    case 'array': {
      const item = schema.items ? fromSchema(schema.items, depth + 1) : anyJson;
      return fc.array(item, { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 5, 8) });
    }
    case 'object':
      return objectOf(schema, depth);
    default:
      return anyJson;
  }
}

function objectOf(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const props = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  if (depth > 3) return fc.constant({});
  const entries = Object.entries(props).map(([k, s]) => [k, fromSchema(s, depth + 1)] as const);
  const known = fc.record(Object.fromEntries(entries), {
    requiredKeys: Object.keys(props).filter((k) => required.has(k)),
  });
  const extra = fc.dictionary(
    fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', '$where')),
    anyJson,
    { maxKeys: 2 },
  );
  return fc.oneof(
    { weight: 8, arbitrary: known },
    // Unknown keys next to the known ones.
    { weight: 1, arbitrary: fc.tuple(known, extra).map(([a, b]) => ({ ...(b as object), ...(a as object) })) },
  );
}

export type Mutation =
  | { op: 'delete'; key: string }
  | { op: 'set'; key: string; value: unknown }
  | { op: 'add'; key: string; value: unknown };

/** Up to three edits of a valid payload: a key removed, a value replaced, an unknown key added. */
export function mutations(keys: readonly string[]): fc.Arbitrary<Mutation[]> {
  const key = fc.constantFrom(...keys);
  const one: fc.Arbitrary<Mutation> = fc.oneof(
    key.map((k): Mutation => ({ op: 'delete', key: k })),
    { weight: 3, arbitrary: fc.tuple(key, anyJson).map(([k, value]): Mutation => ({ op: 'set', key: k, value })) },
    fc
      .tuple(fc.oneof(fc.string({ maxLength: 10 }), fc.constant('__proto__')), anyJson)
      .map(([k, value]): Mutation => ({ op: 'add', key: k, value })),
  );
  return fc.array(one, { minLength: 1, maxLength: 3 });
}

export function applyMutations(base: Record<string, unknown>, edits: readonly Mutation[]): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const m of edits) {
    if (m.op === 'delete') delete out[m.key];
    // defineProperty so that '__proto__' becomes an own key, as JSON.parse would make it.
    else Object.defineProperty(out, m.key, { value: m.value, enumerable: true, configurable: true, writable: true });
  }
  return out;
}

/** Bodies that are not the JSON object a route expects: garbage, other types, other media types. */
export const rawBody: fc.Arbitrary<{ contentType: string; body: string }> = fc.oneof(
  fc.record({
    contentType: fc.constant('application/json'),
    body: fc.oneof(
      fc.string({ maxLength: 50 }),
      fc.constantFrom('{', '{"a":', 'null', '[]', '""', '1', '{"__proto__":{"x":1}}', '\u0000'),
    ),
  }),
  fc.record({ contentType: fc.constant('application/json'), body: anyJson.map((v) => JSON.stringify(v) ?? 'null') }),
  fc.record({
    contentType: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
    ),
    body: fc.string({ maxLength: 50 }),
  }),
);
