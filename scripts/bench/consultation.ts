// `pnpm bench`: the consultation (issue 39): each copy of the plan rendered alone (in process,
// beside the bare pdfmake document of the same run), and the plan saved as typed by 20 tablets at
// once against the real server (each on its own patient's plan, each save naming the revision the
// previous one answered) at the page's pace, its p99; then with no pause, what one server holds.
import { normalize, parseConsultationData, planTopics, reportOf, type PlanContent } from '../../engine/src/index';
import { definitionOf, fixtureOf } from '../../fixtures/index';
import consultationJson from '../../definitions/consultation.json' with { type: 'json' };
import { pppDocDefinition } from '../../api/src/reports/pppDocDefinition';
import { renderPdf } from '../../api/src/reports/render';
import { insertBulkForms, mintStaffToken } from '../../api/test/reliability/bulkForms';
import type { ServerProcess } from '../../api/test/reliability/serverProcess';
import { median, notes, percentile, record, section, timed } from './report';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverEnv, startServerProcess } from '../../api/test/reliability/serverProcess';
import { BENCH_BUILD } from './system';
import { PLAN_SAVE_PAUSE_MS } from '../../web/src/pharmacy/planSavePause';
import { setTimeout as sleep } from 'node:timers/promises';

const consultation = parseConsultationData(consultationJson);

/** PPP - copie patient and PPP - copie médecin of a 45-50 form with suicidal thoughts, three priorities. */
export function pppCopyRenders(): Record<'patient' | 'doctor', () => Promise<Buffer>> {
  const typical = fixtureOf('45to50', 'typical');
  const definition = definitionOf(typical);
  const calm = typical.expected.normalized;
  const answers = normalize(definition, {
    ...calm,
    addictionAndMentalHealth: { ...calm.addictionAndMentalHealth, noSuicidalThoughts: false, suicidalThoughts: true },
  }).answers;
  const date = new Date();
  const report = reportOf({ definition, answers, date, patient: { civility: 'Madame', birthDate: '1978-05-02' } });
  const topics = planTopics(report, consultation);
  const plan: PlanContent = {
    priorities: topics.slice(0, 3).map((t) => ({
      topic: t.key,
      actions: t.actions.slice(0, 2).map((a) => a.id),
      goal: 'En parler à mon médecin cette semaine et reprendre la marche trois fois par semaine.',
      obstacles: 'Le manque de temps, la fatigue le soir.',
      followUp: date.toISOString().slice(0, 10),
      onPatientCopy: false,
    })),
    notes: 'Patiente entourée, à rappeler dans quinze jours.',
    choices: { copyHandedOver: date.toISOString().slice(0, 10), doctorTransmission: null, mesDeposit: null },
  };
  const copy = (which: 'patient' | 'doctor') => () =>
    renderPdf(
      pppDocDefinition({
        copy: which,
        definition,
        plan,
        version: 1,
        finalizedAt: date.toISOString(),
        topics,
        actions: consultation.actions,
        patient: { civility: 'Madame', firstName: 'Zoé', lastName: 'Lefèvre', birthDate: '1978-05-02' },
        pharmacy: {
          displayName: 'Pharmacie de l’Étoile',
          address: '3 place de la Mairie, 69001 Lyon',
          phone: '04 78 00 00 00',
        },
      }),
    );
  return { patient: copy('patient'), doctor: copy('doctor') };
}

/** Each copy of the plan rendered alone, in process (median of several runs). */
export async function measurePppCopies(quick: boolean): Promise<void> {
  const copies = pppCopyRenders();
  await copies.patient();
  await copies.doctor();
  const runs = quick ? 5 : 20;
  const patientMs: number[] = [];
  const doctorMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    patientMs.push((await timed(copies.patient))[1]);
    doctorMs.push((await timed(copies.doctor))[1]);
  }
  record('pdfPppPatientMs', median(patientMs));
  record('pdfPppDoctorMs', median(doctorMs));
}

/** One tablet's saves on its own plan until `until`, each `pauseMs` after the previous answer; their latencies. */
async function tabletSaves(
  url: string,
  headers: Record<string, string>,
  id: number,
  tablet: number,
  until: number,
  pauseMs: number,
): Promise<{ latencies: number[]; conflicts: number }> {
  const view = (await (await fetch(`${url}/api/forms/${id}/plan`, { headers })).json()) as {
    revision: number;
    topics: { key: string; actions: { id: string }[] }[];
  };
  const topic = view.topics[0];
  let revision = view.revision;
  const latencies: number[] = [];
  let conflicts = 0;
  // Tablets do not start in step: each begins at its own point of the pause.
  if (pauseMs > 0) await sleep(((tablet * 37) % 20) * (pauseMs / 20));
  for (let n = 0; Date.now() < until; n++) {
    const content: PlanContent = {
      priorities: topic
        ? [
            {
              topic: topic.key,
              actions: topic.actions.slice(0, 1).map((a) => a.id),
              goal: `Objectif tapé sur la tablette ${tablet}, frappe ${n}`,
              obstacles: '',
              followUp: null,
              onPatientCopy: false,
            },
          ]
        : [],
      notes: `Notes ${n}`,
      choices: { copyHandedOver: null, doctorTransmission: null, mesDeposit: null },
    };
    const [res, ms] = await timed(() =>
      fetch(`${url}/api/forms/${id}/plan`, { method: 'PUT', headers, body: JSON.stringify({ revision, content }) }),
    );
    const body = (await res.json()) as { revision?: number };
    if (res.status === 409) conflicts += 1;
    else if (res.status !== 200) throw new Error(`plan save: ${res.status} ${JSON.stringify(body)}`);
    else revision = body.revision ?? revision;
    latencies.push(ms);
    if (pauseMs > 0) await sleep(pauseMs);
  }
  return { latencies, conflicts };
}

/**
 * The plan saved by 20 tablets at once, each on its own plan, for `seconds`, twice. First as the
 * page sends (usePlanSaver: a save after a pause in typing, one at a time, so at most one every
 * PLAN_SAVE_PAUSE_MS per tablet): the p99 a pharmacist waits, the figure. Then with no
 * pause at all, 20 saves always in flight: how many saves a second one server holds (the tablets it
 * could serve) and the p99 at that saturation, which is the queue's length, printed for information.
 */
async function measurePlanSaves(server: ServerProcess, env: Record<string, string>, seconds: number): Promise<void> {
  const tablets = 20;
  const file = env.DATABASE_FILE as string;
  const bulk = insertBulkForms(file, { formsPerPharmacy: [tablets], now: new Date(), spreadDays: 1 });
  const pharmacyId = bulk.pharmacyIds[0] as number;
  const token = mintStaffToken(file, env.JWT_SECRET as string, pharmacyId);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  // The pharmacy's forms as its dashboard lists them (all 20 on its first page, every month).
  const listed = (await (await fetch(`${server.url}/api/responses/grouped?month=all`, { headers })).json()) as {
    records: { id: number }[];
  };
  const patientIds = listed.records.map((r) => r.id);
  if (patientIds.length !== tablets)
    throw new Error(`plan saves: ${patientIds.length} forms listed, ${tablets} expected`);
  const run = async (pauseMs: number) => {
    const until = Date.now() + seconds * 1000;
    const runs = await Promise.all(
      patientIds.map((id, tablet) => tabletSaves(server.url, headers, id, tablet, until, pauseMs)),
    );
    const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
    return { latencies, conflicts: runs.reduce((n, r) => n + r.conflicts, 0) };
  };
  const paced = await run(PLAN_SAVE_PAUSE_MS);
  record('planSaveP99Ms', percentile(paced.latencies, 99));
  const saturated = await run(0);
  record('planSaveSaturatedPerSecond', saturated.latencies.length / seconds);
  record('planSaveSaturatedP99Ms', percentile(saturated.latencies, 99));
  notes.push(
    `plan enregistré par ${tablets} tablettes au rythme de la page (une pause de ${PLAN_SAVE_PAUSE_MS} ms) pendant ${seconds} s : ${paced.latencies.length} enregistrements, médiane ${median(paced.latencies).toFixed(1)} ms, ${paced.conflicts} conflit(s) ; sans pause : ${saturated.latencies.length} enregistrements, médiane ${median(saturated.latencies).toFixed(1)} ms, ${saturated.conflicts} conflit(s)`,
  );
}

/** The consultation (issue 39): each copy of the plan alone, then the plan saved by 20 tablets on a server of its own. */
export async function measureConsultation(
  env: Record<string, string>,
  duration: number,
  quick: boolean,
): Promise<void> {
  section('Entretien : copies du plan (en processus) et enregistrement du plan par 20 tablettes (127.0.0.1)');
  await measurePppCopies(quick);
  const dir = mkdtempSync(join(tmpdir(), 'bilan-bench-plan-'));
  // Its own server and database: the 20 plans' pharmacy is written straight into that file.
  // At `info`: startServerProcess reads the server's address from its "listening" line.
  const planEnv = serverEnv(dir, { TRUST_PROXY: env.TRUST_PROXY ?? '127.0.0.1', LOG_LEVEL: 'info' });
  const server = await startServerProcess(planEnv, 30_000, { keepOutput: false, built: BENCH_BUILD });
  try {
    await measurePlanSaves(server, planEnv, duration);
  } finally {
    await server.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}
