// pnpm bench: the README's performance figures, measured here in one run, each beside its budget
// (bench/budgets.json), on the api's production build. Not a test; all traffic on 127.0.0.1, every loop bounded.
//   pnpm bench                 everything
//   pnpm bench -- --quick      shorter runs (smoke check of the script itself)
//   pnpm bench -- --no-build   measure web/dist as it is instead of building the web app afresh
//   pnpm bench -- --profile    only the page save, under V8's CPU profiler: where its time goes
//   pnpm bench -- --profile-pdf  the four PDFs measured, then rendered under the profiler
//   pnpm bench -- --page-save  only the hello-world ceiling and the page save on SQLite (a change's cost)
//   pnpm bench -- --page-save-pg  the same on PostgreSQL, beside its single-row commit ceiling
//   pnpm bench -- --bilan      only the cost of one bilan (CPU, bytes written) on SQLite and PostgreSQL
//   pnpm bench -- --next-page  only « Suivant » in Chromium (4× CPU, slow 4G) against the demo's ceiling;
//                              its figures replace theirs in bench/results.json (the rest of the last whole run stays)
//   pnpm bench -- --plan       only the consultation: each PPP copy rendered, the plan saved by 20 tablets
//   pnpm bench -- --acts       only « Actes du mois »: 10,000 acts as XLSX and CSV (time, peak memory)
//
// The phases live in scripts/bench/ (report.ts: figures and budgets; nextPage's browser part in web/e2e/).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  serverEnv,
  startServerProcess,
  type ServerProcess,
  demoPharmacyId,
} from '../api/test/reliability/serverProcess';
import { measureDashboards, measureExport } from './bench/dashboards';
import { fuzzAll } from './bench/fuzz';
import { measureLoad, measurePageSave, measurePdfs, measureSubmit } from './bench/patientCalls';
import { measureLighthouse } from './bench/lighthouse';
import { nextPageFigures, nextPagePhase } from './bench/nextPage';
import { recordPatientJs, webBuildForBench } from './bench/patientJs';
import { profilePageSave } from './bench/profileSave';
import { profilePdfs } from './bench/profilePdf';
import { notes, printNotes, printPhaseSummary, printSummary, record, section } from './bench/report';
import {
  BENCH_BUILD,
  barePdfMs,
  buildApiForBench,
  ceiling,
  os,
  postgresCommitRate,
  productionStart,
} from './bench/system';
import { startPostgres } from '../api/test/postgres';
import { postgresServer } from './bench/processCost';
import { measureBilanCost } from './bench/bilanCost';
import { measureConsultation } from './bench/consultation';
import { measureActs } from './bench/acts';
import { startSmtpSink } from '../api/test/smtpSink';
import { sqliteCommitRate } from '../api/test/reliability/sqliteCeiling';

const args = new Set(process.argv.slice(2));
const quick = args.has('--quick');

async function main(): Promise<void> {
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'bilan-bench-'));
  const env = serverEnv(dir, { TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'info', MAIL_POLL_MS: '1000' });
  let server: ServerProcess | undefined;
  const about = {
    date: new Date().toISOString(),
    node: process.version,
    machine: os(),
    mode: quick ? 'rapide' : 'complet',
  };
  console.log(`pnpm bench — ${about.date} — Node ${about.node}, ${about.machine}${quick ? ' — mode rapide' : ''}`);
  // Every server of the bench runs the build production runs (plain node), not the TypeScript source.
  const removeBuild = buildApiForBench();
  try {
    const duration = quick ? 3 : 10;
    if (args.has('--profile-pdf')) return await profilePdfs(quick);
    if (args.has('--profile')) {
      section('Enregistrement d’une page sous le profileur CPU de V8 (build de production, 50 connexions)');
      await profilePageSave(env, duration);
      return;
    }
    if (args.has('--next-page')) {
      await nextPagePhase(dir, args.has('--no-build'), quick);
      // Its figures go into bench/results.json beside the whole run's (issues 43 and 44).
      printPhaseSummary('--next-page', started, about);
      return;
    }

    section('Plafonds mesurés dans la même exécution');
    const ceilingRps = await ceiling(duration);
    record('ceilingRps', ceilingRps);
    // The page save's own ceiling (issue 43): what SQLite commits alone, one row a transaction.
    const sqliteCommits = sqliteCommitRate(join(dir, 'ceiling.sqlite'), quick ? 1000 : 3000);
    record('sqliteCommitsPerSecond', sqliteCommits);
    if (args.has('--page-save')) {
      section('Enregistrement d’une page (autocannon, 50 connexions, 127.0.0.1)');
      server = await startServerProcess(env, 30_000, { keepOutput: false, built: BENCH_BUILD });
      await measurePageSave(server.url, await demoPharmacyId(server.url), duration, sqliteCommits, '', {
        server: server.child.pid as number,
      });
      printNotes();
      return;
    }
    if (args.has('--page-save-pg')) {
      section('Enregistrement d’une page sur PostgreSQL (autocannon, 50 connexions, 127.0.0.1)');
      await measureOnPostgres(dir, env, duration, quick, { submit: false });
      printNotes();
      return;
    }
    record('barePdfMs', await barePdfMs(quick ? 5 : 20));
    if (args.has('--bilan')) {
      await measureBilans(dir, env, quick);
      printNotes();
      return;
    }
    if (args.has('--plan')) {
      await measureConsultation(env, duration, quick);
      printNotes();
      return;
    }
    if (args.has('--acts')) {
      await measureActs(env, quick);
      printNotes();
      return;
    }

    section('Débit (autocannon, 50 connexions, 127.0.0.1)');

    server = await startServerProcess(env, 30_000, { keepOutput: false, built: BENCH_BUILD });
    const url = server.url;
    const pharmacyId = await demoPharmacyId(url);
    const savers = await measurePageSave(url, pharmacyId, duration, sqliteCommits);

    section(
      'Appel final (validation, enregistrement, e-mails en file ; les PDF suivent dans les threads), 10 patients simultanés',
    );
    await measureSubmit(url, pharmacyId, quick);

    section('Les mêmes sur PostgreSQL (serveur local, réglages durables par défaut : fsync, synchronous_commit)');
    await measureOnPostgres(dir, env, duration, quick);

    section('Production des PDF seule (en processus, réponses « typical » de 45-50)');
    await measurePdfs(quick);
    await measureConsultation(env, duration, quick);
    await measureActs(env, quick);

    await measureBilans(dir, env, quick);

    section('Tableaux de bord sur 100 000 formulaires de 200 pharmacies');
    const big = await measureDashboards(server, env, quick);
    await server.kill('SIGTERM');
    // As production runs it (no API document, no demo seeding), which is what a pharmacist meets.
    server = await startServerProcess({ ...env, NODE_ENV: 'production', SEED_DEMO: '0', LOG_LEVEL: 'info' }, 30_000, {
      keepOutput: false,
      built: BENCH_BUILD,
    });
    await measureExport(server, big.bigToken, big.exportForms, quick);
    await server.kill('SIGTERM');
    server = await startServerProcess(env, 30_000, { keepOutput: false, built: BENCH_BUILD });

    section('Charge : patients simulés, parcours complets');
    await measureLoad(server.url, env.DATABASE_FILE as string, pharmacyId, quick, savers);

    await server.kill('SIGTERM');
    server = undefined;

    section('Démarrage du build de production (pnpm start : node, NODE_ENV=production)');
    const start = await productionStart(serverEnv(mkdtempSync(join(dir, 'start-'))));
    record('startMs', start.startMs);
    record('idleRssMb', start.idleRssMb);
    notes.push(
      `mémoire résidente du build de production 2 s après sa première réponse : ${start.startRssMb.toFixed(0)} Mo (avant que V8 ne rende les déchets du démarrage)`,
    );

    section('Fuzzing (fast-check, inject), passe longue');
    record('fuzzFailures', await fuzzAll(quick ? 200 : 2000));

    section('JavaScript chargé d’abord par le parcours patient (gzip)');
    const web = webBuildForBench(args.has('--no-build'));
    try {
      recordPatientJs(web.dist);

      section('Lighthouse mobile (throttling simulé, Chromium de Debian), build web servi par le serveur');
      const pages = await startServerProcess(
        serverEnv(mkdtempSync(join(dir, 'lighthouse-')), { SEED_DEMO: '1', WEB_DIST: web.dist }),
        30_000,
        { keepOutput: false, built: BENCH_BUILD },
      );
      try {
        await measureLighthouse(pages.url.replace(/\/$/, ''));
        section('« Suivant » dans Chromium : CPU 4× plus lent, 4G lente (émulation CDP), quatre pages par tranche');
        await nextPageFigures(pages.url.replace(/\/$/, ''), quick ? 1 : 2);
      } finally {
        await pages.kill('SIGTERM');
      }
    } finally {
      web.remove();
    }
  } finally {
    await server?.kill('SIGKILL');
    removeBuild();
    rmSync(dir, { recursive: true, force: true });
  }
  printSummary(started, about);
}

/**
 * Page saves and finishing calls on PostgreSQL, beside SQLite's: a private PostgreSQL server of the
 * system's packages (as the tests start it, but durable), the same production build with
 * DATABASE_URL, the same runs; its single-row commit ceiling measured on it first.
 */
async function measureOnPostgres(
  dir: string,
  env: Record<string, string>,
  duration: number,
  quick: boolean,
  { submit }: { submit: boolean } = { submit: true },
): Promise<void> {
  const postgres = startPostgres({ durable: true });
  let server: ServerProcess | undefined;
  try {
    const url = await postgres.createDatabase('bilan_bench');
    const commitsPerSecond = await postgresCommitRate(url, quick ? 1000 : 3000);
    record('postgresCommitsPerSecond', commitsPerSecond);
    server = await startServerProcess({ ...env, DATA_DIR: mkdtempSync(join(dir, 'pg-')), DATABASE_URL: url }, 30_000, {
      keepOutput: false,
      built: BENCH_BUILD,
    });
    const pharmacyId = await demoPharmacyId(server.url);
    await measurePageSave(server.url, pharmacyId, duration, commitsPerSecond, 'Pg', {
      server: server.child.pid as number,
      postgres: await postgresServer(url),
    });
    if (submit) await measureSubmit(server.url, pharmacyId, quick, 'Pg');
  } finally {
    await server?.kill('SIGTERM');
    postgres.stop();
  }
}

/**
 * The cost of one complete bilan on SQLite, then on PostgreSQL: a server of its own for each
 * (fresh database, e-mails to a real SMTP server on loopback), bilans one after the other.
 */
async function measureBilans(dir: string, env: Record<string, string>, quick: boolean): Promise<void> {
  const count = quick ? 8 : 40;
  const sink = await startSmtpSink();
  let server: ServerProcess | undefined;
  try {
    section(
      `Coût d’un bilan complet (inscription, toutes les pages, appel final, 2 PDF, 2 e-mails), ${count} bilans : SQLite`,
    );
    const sqliteDir = mkdtempSync(join(dir, 'bilan-'));
    const file = join(sqliteDir, 'bilan.sqlite');
    server = await startServerProcess(
      { ...env, DATA_DIR: sqliteDir, DATABASE_FILE: file, SMTP_URL: sink.url },
      30_000,
      { keepOutput: false, built: BENCH_BUILD },
    );
    await measureBilanCost({
      url: server.url,
      pharmacyId: await demoPharmacyId(server.url),
      serverPid: server.child.pid as number,
      sink,
      count,
      database: { file },
    });
    await server.kill('SIGTERM');
    server = undefined;

    section('Le même sur PostgreSQL (serveur local durable ; CPU du serveur et de PostgreSQL)');
    const postgres = startPostgres({ durable: true });
    try {
      const url = await postgres.createDatabase('bilan_cost');
      server = await startServerProcess(
        { ...env, DATA_DIR: mkdtempSync(join(dir, 'bilan-pg-')), DATABASE_URL: url, SMTP_URL: sink.url },
        30_000,
        { keepOutput: false, built: BENCH_BUILD },
      );
      await measureBilanCost({
        url: server.url,
        pharmacyId: await demoPharmacyId(server.url),
        serverPid: server.child.pid as number,
        sink,
        count,
        database: { url, ...(await postgresServer(url)) },
      });
    } finally {
      await server?.kill('SIGTERM');
      server = undefined;
      postgres.stop();
    }
  } finally {
    await server?.kill('SIGTERM');
    await sink.close();
  }
}

await main();
