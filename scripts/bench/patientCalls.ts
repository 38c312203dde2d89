// `pnpm bench`, against the real server: the patient's calls (page save, finishing call), the
// PDFs alone in process, and whole simulated flows under load.
import autocannon from 'autocannon';
import type { BandCode, SectionAnswers } from '../../engine/src/index';
import { BANDS, definitionOf, fixtureOf } from '../../fixtures/index';
import { buildBilanDocDefinition } from '../../api/src/reports/bilanPdf';
import { buildQuestionnaireDocDefinition } from '../../api/src/reports/questionnairePdf';
import { renderPdf } from '../../api/src/reports/render';
import type { PdfInput } from '../../api/src/reports/types';
import { runLoad, verifyNothingLost } from '../../api/test/reliability/loadRun';
import {
  httpCall,
  identityFor,
  registerPatient,
  saveAllPages,
  savePage,
  submit,
  typicalPages,
  type RegisteredPatient,
} from '../../api/test/reliability/patientFlow';
import { meter } from './processCost';
import { median, notes, percentile, record, timed } from './report';

/** The page the savers save, and the savers: the load's last check saves it again. */
export interface Savers {
  savers: RegisteredPatient[];
  page: { section: string; answers: SectionAnswers };
}

/** The figures' keys: SQLite's (the default), or PostgreSQL's, suffixed `Pg` (bench/budgets.json). */
type On = '' | 'Pg';

/** 50 patients, one per connection, each saving its health-questions page for `duration` seconds (autocannon). */
export async function runPageSaves(
  url: string,
  pharmacyId: number,
  duration: number,
  /** Called once the savers are registered, just before the saves start. */
  beforeSaves: () => void = () => {},
): Promise<autocannon.Result & Savers> {
  const savers: RegisteredPatient[] = [];
  for (let i = 0; i < 50; i++)
    savers.push(
      await registerPatient(
        httpCall(url, `10.1.${i >> 8}.${i & 255}`),
        pharmacyId,
        identityFor(i, '45to50', new Date()),
        '45to50',
      ),
    );
  const page = typicalPages('45to50').find((p) => p.section === 'healthQuestions');
  if (!page) throw new Error('45-50 has no healthQuestions page');
  const body = JSON.stringify({ pageKey: page.section, reponses: page.answers });
  let next = 0;
  beforeSaves();
  const run = await autocannon({
    url: `${url}/api/utilisateur/me/responses`,
    method: 'PATCH',
    connections: 50,
    duration,
    body,
    setupClient: (client) => {
      const p = savers[next++ % savers.length] as RegisteredPatient;
      client.setHeaders({ 'content-type': 'application/json', authorization: `Bearer ${p.token}` });
    },
  });
  return Object.assign(run, { savers, page });
}

/**
 * Page saves, 50 connections, against the database's own ceiling measured in the same run: its
 * single-row commit rate, SQLite's or PostgreSQL's (issue 43); with `processes`, the CPU time each save
 * costs the server and the database server (a note: steadier than the rate on a shared machine).
 */
export async function measurePageSave(
  url: string,
  pharmacyId: number,
  duration: number,
  commitCeiling: number,
  on: On = '',
  processes?: { server: number; postgres?: { postmaster: number; processes: () => number[] } },
): Promise<Savers> {
  let server: ReturnType<typeof meter> | undefined;
  let database: ReturnType<typeof meter> | undefined;
  const saveRun = await runPageSaves(url, pharmacyId, duration, () => {
    if (!processes) return;
    server = meter(() => [processes.server]);
    if (processes.postgres) database = meter(processes.postgres.processes, processes.postgres.postmaster);
  });
  if (server) {
    const perSave = (ms: number) => ((ms / saveRun.requests.total) * 1000).toFixed(0);
    notes.push(
      `${on ? 'PostgreSQL, ' : ''}enregistrement de page : CPU par enregistrement ${perSave(server.read().cpuMs)} µs (serveur)${database ? ` + ${perSave(database.read().cpuMs)} µs (PostgreSQL)` : ''}`,
    );
  }
  const { savers, page } = saveRun;
  if (saveRun.non2xx > 0 || saveRun.errors > 0)
    notes.push(
      `${on ? 'PostgreSQL, ' : ''}enregistrement de page : ${saveRun.non2xx} réponses non-2xx, ${saveRun.errors} erreurs`,
    );
  record(`pageSaveRps${on}`, saveRun.requests.average);
  record(`pageSaveP50Ms${on}`, saveRun.latency.p50);
  record(`pageSaveP99Ms${on}`, saveRun.latency.p99);
  record(`pageSaveRatio${on}`, (saveRun.requests.average / commitCeiling) * 100);
  if (saveRun.non2xx === 0)
    notes.push(
      `${on ? 'PostgreSQL, ' : ''}enregistrement de page : ${saveRun.requests.total} requêtes en ${duration} s, toutes 2xx`,
    );
  return { savers, page };
}

/** The finishing call (validation, both PDFs, e-mails queued), 10 patients at once. */
export async function measureSubmit(url: string, pharmacyId: number, quick: boolean, on: On = ''): Promise<void> {
  const finishers: RegisteredPatient[] = [];
  const finisherCount = quick ? 31 : 101;
  for (let i = 0; i < finisherCount; i++) {
    const band = BANDS[i % BANDS.length] as BandCode;
    const call = httpCall(url, `10.2.${i >> 8}.${i & 255}`);
    const p = await registerPatient(call, pharmacyId, identityFor(1000 + i, band, new Date()), band);
    await saveAllPages(call, p);
    finishers.push(p);
  }
  // One finishing call first, not measured: the server's first PDFs load the fonts and warm the
  // code paths, a cost paid once per process and not by every patient.
  const warm = finishers.shift() as RegisteredPatient;
  const [, coldMs] = await timed(() => submit(httpCall(url, '10.2.255.255'), warm.token));
  notes.push(
    `${on ? 'PostgreSQL, ' : ''}appel final : premier appel du processus (à froid, non compté) ${coldMs.toFixed(0)} ms`,
  );
  const submitMs: number[] = [];
  let cursor = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (cursor < finishers.length) {
        const i = cursor++;
        const p = finishers[i] as RegisteredPatient;
        const [, ms] = await timed(() => submit(httpCall(url, `10.2.${i >> 8}.${i & 255}`), p.token));
        submitMs.push(ms);
      }
    }),
  );
  submitMs.sort((a, b) => a - b);
  record(`submitP50Ms${on}`, percentile(submitMs, 50));
  record(`submitP99Ms${on}`, percentile(submitMs, 99));
  notes.push(
    `${on ? 'PostgreSQL, ' : ''}appel final : ${submitMs.length} appels mesurés, max ${(submitMs.at(-1) ?? NaN).toFixed(0)} ms`,
  );
}

/** The two PDFs of the typical 45-50 answers, each a function that renders it in this process. */
export function formPdfRenders(): { questionnaire: () => Promise<Buffer>; bilan: () => Promise<Buffer> } {
  const typical = fixtureOf('45to50', 'typical');
  const input: PdfInput = {
    definition: definitionOf(typical),
    answers: typical.expected.normalized,
    patient: {
      civility: 'Madame',
      lastName: 'Lefèvre',
      firstName: 'Zoé',
      birthDate: '1978-05-02',
      email: 'zoe@example.fr',
    },
    pharmacy: { displayName: 'Pharmacie de l’Étoile' },
    date: new Date(),
  };
  return {
    questionnaire: () => renderPdf(buildQuestionnaireDocDefinition(input)),
    bilan: () => renderPdf(buildBilanDocDefinition(input)),
  };
}

/** Both PDFs alone, in process, from the typical 45-50 answers (median of several runs). */
export async function measurePdfs(quick: boolean): Promise<void> {
  // The CPU cost of a render, in this process like the bare document it is compared with; the
  // server renders the same way in its worker threads (reports/renderPool.ts).
  const { questionnaire, bilan } = formPdfRenders();
  await questionnaire();
  await bilan();
  const pdfRuns = quick ? 5 : 20;
  const qMs: number[] = [];
  const bMs: number[] = [];
  for (let i = 0; i < pdfRuns; i++) {
    qMs.push((await timed(questionnaire))[1]);
    bMs.push((await timed(bilan))[1]);
  }
  record('pdfQuestionnaireMs', median(qMs));
  record('pdfBilanMs', median(bMs));
}

/** Simulated patients completing whole flows, 20 at a time; then one more save must still pass. */
export async function measureLoad(
  url: string,
  dbFile: string,
  pharmacyId: number,
  quick: boolean,
  { savers, page }: Savers,
): Promise<void> {
  const loadPatients = quick ? 40 : 500;
  const load = await runLoad({
    url,
    pharmacyId,
    patients: loadPatients,
    concurrency: 20,
    offset: 10_000,
    maxMs: quick ? 60_000 : 240_000,
  });
  const lost = verifyNothingLost(dbFile, load);
  record('loadErrors', load.errors.length + lost.length);
  record('loadFlowsPerSecond', load.completed.length / (load.durationMs / 1000));
  notes.push(
    `charge : ${load.completed.length}/${loadPatients} parcours complets en ${(load.durationMs / 1000).toFixed(1)} s, 20 à la fois, parcours p50 ${percentile(load.flowMs, 50).toFixed(0)} ms / p99 ${percentile(load.flowMs, 99).toFixed(0)} ms, ${load.errors.length} erreur(s), ${lost.length} perte(s)`,
  );
  for (const e of [...load.errors, ...lost].slice(0, 5)) notes.push(`  ${e}`);

  // A refused save must not have slipped in: the server still answers after all of this.
  const check = await savePage(httpCall(url, '10.3.0.1'), savers[0]?.token ?? '', 'healthQuestions', page.answers);
  if (check.statusCode !== 200) notes.push(`après la charge, un enregistrement répond ${check.statusCode}`);
}
