// Fuzz targets of the patient's write routes (the harness is fuzz.ts).
import fc from 'fast-check';
import { sectionSchema, type BandCode } from '@bilan/engine';
import { latestDefinition } from '../../src/questionnaire/definitions';
import type { TestApp } from '../helpers';
import {
  authHeader,
  bodyOf,
  bodySchemaOf,
  caseArbitrary,
  nextIp,
  property,
  sendAndCheck,
  tokenVariant,
  type FuzzRequest,
  type FuzzStats,
  type FuzzTarget,
} from './fuzz';
import { anyJson, applyMutations, fromSchema, mutations, rawBody, type JsonSchema } from './schemaArbitrary';
import { BANDS } from '@bilan/fixtures';
import {
  botTicket,
  identityFor,
  injectCall,
  registerPatient,
  savePage,
  typicalPages,
  type RegisteredPatient,
} from './patientFlow';
import { sqlRun } from '../sql';

/** POST /api/utilisateur/create: identity, consent and a real single-use bot-check ticket. */
export function fuzzCreate(t: TestApp): FuzzTarget {
  const route = 'POST /api/utilisateur/create';
  return {
    route,
    async run(numRuns) {
      const stats: FuzzStats = { route, cases: 0, byStatus: {} };
      const schema = bodySchemaOf(t.app, '/api/utilisateur/create', 'post');
      const keys = Object.keys(schema.properties ?? {});
      await property(
        numRuns,
        caseArbitrary(schema, [...keys, 'consent', 'ticket'], fc.constantFrom<BandCode>(...BANDS)),
        async (c) => {
          let valid: Record<string, unknown> = {};
          if (c.kind === 'mutated') {
            valid = {
              ...identityFor(stats.cases, c.extra, t.app.clock()),
              clientId: t.pharmacy.id,
              consent: true,
              ticket: await botTicket(injectCall(t.app, nextIp()), t.pharmacy.id),
            };
          }
          await sendAndCheck(
            t.app,
            { method: 'POST', url: '/api/utilisateur/create', ...bodyOf(c, () => valid) },
            stats,
            nextIp(),
          );
        },
      );
      return stats;
    },
  };
}

/** PATCH /api/utilisateur/me/responses: section answers from the definitions' own schemas. */
export async function fuzzSavePage(t: TestApp): Promise<FuzzTarget> {
  const route = 'PATCH /api/utilisateur/me/responses';
  const patients: RegisteredPatient[] = [];
  for (const [i, band] of BANDS.entries())
    patients.push(
      await registerPatient(
        injectCall(t.app, nextIp()),
        t.pharmacy.id,
        identityFor(100 + i, band, t.app.clock()),
        band,
      ),
    );
  const pages = patients.flatMap((p) =>
    typicalPages(p.band).map((page) => ({
      patient: p,
      section: page.section,
      answers: page.answers,
      schema: sectionSchema(latestDefinition(p.band), page.section) as JsonSchema,
    })),
  );
  return {
    route,
    async run(numRuns) {
      const stats: FuzzStats = { route, cases: 0, byStatus: {} };
      const arb = fc.integer({ min: 0, max: pages.length - 1 }).chain((i) => {
        const page = pages[i] as (typeof pages)[number];
        const fieldKeys = Object.keys(page.schema.properties ?? {});
        const reponses = fc.oneof(
          { weight: 5, arbitrary: fromSchema(page.schema) },
          {
            weight: 4,
            arbitrary: mutations(fieldKeys.length > 0 ? fieldKeys : ['x']).map((edits) =>
              applyMutations(page.answers as Record<string, unknown>, edits),
            ),
          },
          { weight: 1, arbitrary: anyJson },
        );
        const pageKey = fc.oneof(
          { weight: 8, arbitrary: fc.constant<unknown>(page.section) },
          { weight: 1, arbitrary: fc.constantFrom(...pages.map((p) => p.section)) },
          { weight: 1, arbitrary: anyJson },
        );
        const body = fc.oneof(
          {
            weight: 8,
            arbitrary: fc.record({ pageKey, reponses }).map((json) => ({ json }) as Pick<FuzzRequest, 'json' | 'raw'>),
          },
          { weight: 1, arbitrary: anyJson.map((json) => ({ json })) },
          { weight: 1, arbitrary: rawBody.map((raw) => ({ raw })) },
        );
        const others = patients.filter((p) => p !== page.patient).map((p) => p.token);
        return fc.tuple(body, tokenVariant(page.patient.token, others.slice(0, 1)));
      });
      await property(numRuns, arb, async ([body, token]) => {
        await sendAndCheck(
          t.app,
          { method: 'PATCH', url: '/api/utilisateur/me/responses', headers: authHeader(token), ...body },
          stats,
          nextIp(),
        );
      });
      return stats;
    },
  };
}

/**
 * POST /api/utilisateur/me/submit (the finishing call): damaged tokens and stray bodies against
 * an unfinished questionnaire, then `storedRuns` questionnaires whose stored answers are random
 * values of the section schemas (as an older client or a bug might have left them), every page
 * marked saved: the call must produce the PDFs or refuse cleanly.
 */
export async function fuzzSubmit(t: TestApp, storedRuns: number): Promise<FuzzTarget> {
  const route = 'POST /api/utilisateur/me/submit';
  const call = injectCall(t.app);
  const unfinished = await registerPatient(call, t.pharmacy.id, identityFor(200, '45to50', t.app.clock()), '45to50');
  const first = typicalPages('45to50')[0];
  if (first) await savePage(call, unfinished.token, first.section, first.answers);
  return {
    route,
    async run(numRuns) {
      const stats: FuzzStats = { route, cases: 0, byStatus: {} };
      const body = fc.oneof(
        { weight: 3, arbitrary: fc.constant<Pick<FuzzRequest, 'json' | 'raw'>>({}) },
        { weight: 2, arbitrary: anyJson.map((json) => ({ json })) },
        { weight: 1, arbitrary: rawBody.map((raw) => ({ raw })) },
      );
      await property(
        Math.max(numRuns - storedRuns, 1),
        fc.tuple(body, tokenVariant(unfinished.token, [])),
        async ([b, token]) => {
          await sendAndCheck(
            t.app,
            { method: 'POST', url: '/api/utilisateur/me/submit', headers: authHeader(token), ...b },
            stats,
            nextIp(),
          );
        },
      );

      const bandArb = fc.constantFrom<BandCode>(...BANDS);
      const stored = bandArb.chain((band) => {
        const def = latestDefinition(band);
        return fc.tuple(
          fc.constant(band),
          fc.tuple(...def.pages.map((p) => fromSchema(sectionSchema(def, p.section) as JsonSchema))),
        );
      });
      await property(storedRuns, stored, async ([band, pageAnswers]) => {
        const p = await registerPatient(
          injectCall(t.app, nextIp()),
          t.pharmacy.id,
          identityFor(300 + stats.cases, band, t.app.clock()),
          band,
        );
        const def = latestDefinition(band);
        const answers = Object.fromEntries(def.pages.map((page, i) => [page.section, pageAnswers[i]]));
        await sqlRun(
          t.app,
          'UPDATE forms SET answers = ?, saved_sections = ? WHERE patient_id = ?',
          JSON.stringify(answers),
          JSON.stringify(def.pages.map((page) => page.section)),
          p.userId,
        );
        await sendAndCheck(
          t.app,
          { method: 'POST', url: '/api/utilisateur/me/submit', headers: authHeader(p.token) },
          stats,
          nextIp(),
        );
      });
      return stats;
    },
  };
}
