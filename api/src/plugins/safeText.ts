import fp from 'fastify-plugin';
import { apiError } from '../errors';
import type { Access } from './access';
import { visibleStrings } from '../shared/text/visibleText';
import { jsonNestsDeeperThan, MAX_JSON_NESTING } from '../shared/text/jsonNesting';
import { cleanJson, cleanText, invalidText, type CleanJsonOptions } from '../shared/text/safeText';

/**
 * Every JSON body is cleaned before its schema is checked (text/safeText.ts): strings in NFC,
 * NUL, control characters and lone surrogates refused with 400 invalid_text. Line breaks are kept
 * only under the answers (`reponses`, `responses`), where the definition says which fields are
 * multi-line (questionnaire/answerTexts.ts), and invisible format characters (Unicode Cf) are
 * removed there and refused everywhere else; passwords are left exactly as typed (they are
 * hashed, never stored as text).
 */
const options: CleanJsonOptions = {
  // The consultation's plan: the patient's goal, what may get in the way, the pharmacist's notes (D33).
  multilineKeys: new Set(['reponses', 'responses', 'goal', 'obstacles', 'notes']),
  skipKeys: new Set(['password', 'newPassword']),
};

/**
 * Path and query parameters are texts as a body's are (NFC; no NUL, control character, lone
 * surrogate, line break or invisible character): a NUL byte reached PostgreSQL, which refuses it
 * in a text, and answered 500 (issue 41). A path naming something no row can be named matches
 * nothing: 404, as any unknown name; a query parameter is refused with 400 invalid_text naming it.
 */
function cleanParameters(values: unknown, where: 'params' | 'query'): void {
  if (values === null || typeof values !== 'object') return;
  const record = values as Record<string, unknown>;
  for (const [key, value] of Object.entries(record)) {
    for (const [i, item] of (Array.isArray(value) ? value : [value]).entries()) {
      if (typeof item !== 'string') continue;
      const cleaned = cleanText(item, false);
      if (!cleaned.ok)
        throw where === 'params' ? apiError(404, 'not_found') : invalidText([where, key], cleaned.reason);
      if (cleaned.text === item) continue;
      if (Array.isArray(value)) value[i] = cleaned.text;
      else record[key] = cleaned.text;
    }
  }
}

const STAFF_READS: ReadonlySet<Access> = new Set<Access>(['staff', 'pharmacy', 'admin']);

export default fp(
  async (app) => {
    // Fastify's own JSON parser (secure-json-parse: __proto__ and constructor keys refused, as
    // configured), behind a check of the raw text's nesting: a body nested deeper than
    // MAX_JSON_NESTING is refused before anything walks it.
    const parseJson = app.getDefaultJsonParser(
      app.initialConfig.onProtoPoisoning ?? 'error',
      app.initialConfig.onConstructorPoisoning ?? 'error',
    );
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
      // parseAs 'string': Fastify hands the body as text.
      const body = raw as string;
      if (jsonNestsDeeperThan(body, MAX_JSON_NESTING)) {
        done(
          apiError(400, 'invalid_request', [
            { path: 'body', message: `must not nest more than ${MAX_JSON_NESTING} levels` },
          ]),
          undefined,
        );
        return;
      }
      parseJson(request, body, done);
    });

    app.addHook('preValidation', async (request) => {
      cleanParameters(request.params, 'params');
      cleanParameters(request.query, 'query');
      if (request.body !== null && typeof request.body === 'object') cleanJson(request.body, options);
    });

    // What the staff read (the dashboard, a form's page, the admin's lists) leaves without an
    // invisible format character, whatever a row stored before the rule above holds.
    app.addHook('onRoute', (route) => {
      const access = route.config?.access;
      if (!access || !STAFF_READS.has(access)) return;
      const hooks = route.preSerialization;
      const visible = async (_request: unknown, _reply: unknown, payload: unknown) => visibleStrings(payload);
      route.preSerialization = [...(Array.isArray(hooks) ? hooks : hooks ? [hooks] : []), visible];
    });
  },
  { name: 'safeText' },
);
