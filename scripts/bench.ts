// pnpm bench: the performance figures of the README, measured on this machine in one run, each
// compared with its budget (bench/budgets.json). Not part of the tests. All traffic stays on
// 127.0.0.1; every loop is bounded in count and in time.
//
//   pnpm bench                 everything
//   pnpm bench -- --quick      shorter runs (smoke check of the script itself)
//   pnpm bench -- --no-build   measure web/dist as it is instead of building the web app afresh
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { BandCode } from '../engine/src/index';
import { latestDefinition } from '../api/src/questionnaire/definitions';
import { pdfService } from '../api/src/reports/pdfService';
import type { PdfInput } from '../api/src/reports/types';
import { buildTestApp } from '../api/test/helpers';
import { firstAdminId, insertBulkForms, mintStaffToken } from '../api/test/reliability/bulkForms';
import { fuzzCreate, fuzzInvitation, fuzzLogin, fuzzRegister, fuzzReset, fuzzSavePage, fuzzSubmit, fuzzVerify, type FuzzStats, type FuzzTarget } from '../api/test/reliability/fuzzRoutes';
import { runLoad, verifyNothingLost } from '../api/test/reliability/loadRun';
import { httpCall, identityFor, registerPatient, saveAllPages, savePage, submit, typicalPages, type RegisteredPatient } from '../api/test/reliability/patientFlow';
import { serverEnv, startServerProcess, type ServerProcess } from '../api/test/reliability/serverProcess';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = new Set(process.argv.slice(2));
const quick = args.has('--quick');

interface Budget {
  /** 'max': the figure must stay at or below; 'min': at or above; 'info': no budget. */
  kind: 'max' | 'min' | 'info';
  value: number;
  unit: string;
}
const budgets = JSON.parse(readFileSync(join(root, 'bench/budgets.json'), 'utf8')) as { figures: Record<string, Budget & { label: string }> };

interface Figure {
  key: string;
  value: number;
}
const figures: Figure[] = [];
const notes: string[] = [];

function record(key: string, value: number): void {
  figures.push({ key, value });
  const b = budgets.figures[key];
  const shown = `${round(value)}${b ? ` ${b.unit}` : ''}`;
  const verdict = b && b.kind !== 'info' ? (over(b, value) ? `AU-DESSUS DU BUDGET (${b.kind === 'max' ? '≤' : '≥'} ${b.value} ${b.unit})` : `ok (budget ${b.kind === 'max' ? '≤' : '≥'} ${b.value})`) : '';
  console.log(`  ${(b?.label ?? key).padEnd(62)} ${shown.padStart(14)}  ${verdict}`);
}

function over(b: Budget, v: number): boolean {
  if (b.kind === 'info') return false;
  return b.kind === 'max' ? v > b.value : v < b.value;
}

function round(v: number): string {
  return v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

function median(values: number[]): number {
  return percentile([...values].sort((a, b) => a - b), 50);
}

function section(title: string): void {
  console.log(`\n${title}`);
}

/**
 * fetch, tried a second time when the server closed an idle keep-alive socket just as it was
 * reused (its keepAliveTimeout is 5 s, and the bulk insert leaves the connections idle longer).
 */
async function fetchOnce(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    const code = (err as { cause?: { code?: string } }).cause?.code;
    if (code !== 'UND_ERR_SOCKET' && code !== 'ECONNRESET') throw err;
    return fetch(url, init);
  }
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const r = await fn();
  return [r, performance.now() - t0];
}

// ---------------------------------------------------------------------------------------------
// 1. The ceiling: a bare Fastify hello-world in its own process.
async function ceiling(duration: number): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'bench/helloServer.ts')], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error('hello server did not start')), 20_000);
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        const m = /listening (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (m?.[1]) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
    });
    await autocannon({ url, connections: 50, duration: 1 });
    const r = await autocannon({ url, connections: 50, duration });
    return r.requests.average;
  } finally {
    child.kill('SIGTERM');
  }
}

// ---------------------------------------------------------------------------------------------
async function main(): Promise<void> {
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'bilan-bench-'));
  const env = serverEnv(dir, { TRUST_PROXY: 'true', LOG_LEVEL: 'info', MAIL_POLL_MS: '1000' });
  let server: ServerProcess | undefined;
  console.log(`pnpm bench — ${new Date().toISOString()} — Node ${process.version}, ${os()}${quick ? ' — mode rapide' : ''}`);
  try {
    const duration = quick ? 3 : 10;

    section('Débit (autocannon, 50 connexions, 127.0.0.1)');
    const ceilingRps = await ceiling(duration);
    record('ceilingRps', ceilingRps);

    server = await startServerProcess(env, 30_000, { keepOutput: false });
    const url = server.url;
    const pharmacyId = ((await (await fetch(`${url}/api/clients/public/pharmacie-demo`)).json()) as { client: { id: number } }).client.id;

    // Page save: 50 patients, one per connection, each saving its health-questions page.
    const savers: RegisteredPatient[] = [];
    for (let i = 0; i < 50; i++) savers.push(await registerPatient(httpCall(url, `10.1.${i >> 8}.${i & 255}`), pharmacyId, identityFor(i, '45to50', new Date()), '45to50'));
    const page = typicalPages('45to50').find((p) => p.section === 'healthQuestions');
    if (!page) throw new Error('45-50 has no healthQuestions page');
    const body = JSON.stringify({ pageKey: page.section, reponses: page.answers });
    let next = 0;
    const saveRun = await autocannon({
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
    if (saveRun.non2xx > 0 || saveRun.errors > 0) notes.push(`enregistrement de page : ${saveRun.non2xx} réponses non-2xx, ${saveRun.errors} erreurs`);
    record('pageSaveRps', saveRun.requests.average);
    record('pageSaveP50Ms', saveRun.latency.p50);
    record('pageSaveP99Ms', saveRun.latency.p99);
    record('pageSaveRatio', (saveRun.requests.average / ceilingRps) * 100);
    if (saveRun.non2xx === 0) notes.push(`enregistrement de page : ${saveRun.requests.total} requêtes en ${duration} s, toutes 2xx`);

    section('Appel final (validation, deux PDF, e-mails en file), 10 patients simultanés');
    const finishers: RegisteredPatient[] = [];
    const finisherCount = quick ? 31 : 101;
    for (let i = 0; i < finisherCount; i++) {
      const band = (['18to25', '45to50', '60to65', '70to75'] as BandCode[])[i % 4] as BandCode;
      const call = httpCall(url, `10.2.${i >> 8}.${i & 255}`);
      const p = await registerPatient(call, pharmacyId, identityFor(1000 + i, band, new Date()), band);
      await saveAllPages(call, p);
      finishers.push(p);
    }
    // One finishing call first, not measured: the server's first PDFs load the fonts and warm the
    // code paths, a cost paid once per process and not by every patient.
    const warm = finishers.shift() as RegisteredPatient;
    const [, coldMs] = await timed(() => submit(httpCall(url, '10.2.255.255'), warm.token));
    notes.push(`appel final : premier appel du processus (à froid, non compté) ${coldMs.toFixed(0)} ms`);
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
    record('submitP50Ms', percentile(submitMs, 50));
    record('submitP99Ms', percentile(submitMs, 99));
    notes.push(`appel final : ${submitMs.length} appels mesurés, max ${(submitMs.at(-1) ?? NaN).toFixed(0)} ms`);

    section('Production des PDF seule (en processus, réponses « typical » de 45-50)');
    const def = latestDefinition('45to50');
    const typical = Object.fromEntries(typicalPages('45to50').map((p) => [p.section, p.answers]));
    const input: PdfInput = {
      definition: def,
      answers: typical,
      patient: { civility: 'Madame', lastName: 'Lefèvre', firstName: 'Zoé', birthDate: '1978-05-02', email: 'zoe@example.fr' },
      pharmacy: { displayName: 'Pharmacie de l’Étoile' },
      date: new Date(),
    };
    await pdfService.questionnaire(input);
    await pdfService.bilan(input);
    const pdfRuns = quick ? 5 : 20;
    const qMs: number[] = [];
    const bMs: number[] = [];
    for (let i = 0; i < pdfRuns; i++) {
      qMs.push((await timed(() => pdfService.questionnaire(input)))[1]);
      bMs.push((await timed(() => pdfService.bilan(input)))[1]);
    }
    record('pdfQuestionnaireMs', median(qMs));
    record('pdfBilanMs', median(bMs));

    section('Tableaux de bord sur 100 000 formulaires de 200 pharmacies');
    const totalForms = quick ? 20_000 : 100_000;
    const exportForms = quick ? 2_000 : 10_000;
    const others = 199;
    const per = Math.floor((totalForms - exportForms) / others);
    const plan = [exportForms, ...Array.from({ length: others }, (_, i) => per + (i < totalForms - exportForms - per * others ? 1 : 0))];
    const bulk = insertBulkForms(env.DATABASE_FILE as string, { formsPerPharmacy: plan, now: new Date(), spreadDays: 365 });
    notes.push(`données : ${bulk.forms} formulaires insérés en ${(bulk.ms / 1000).toFixed(1)} s (${plan[0]} pour la pharmacie de l’export, ${per}–${per + 1} pour les autres)`);
    const bigId = bulk.pharmacyIds[0] as number;
    const typicalId = bulk.pharmacyIds[1] as number;
    const adminId = firstAdminId(env.DATABASE_FILE as string);
    const jwt = env.JWT_SECRET as string;
    const typicalToken = mintStaffToken(env.DATABASE_FILE as string, jwt, typicalId);
    const bigToken = mintStaffToken(env.DATABASE_FILE as string, jwt, bigId);
    const adminToken = mintStaffToken(env.DATABASE_FILE as string, jwt, adminId);
    const getMs = async (path: string, token: string, runs: number) => {
      const times: number[] = [];
      for (let i = 0; i < runs + 1; i++) {
        const [res, ms] = await timed(() => fetchOnce(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } }).then(async (r) => ({ status: r.status, size: (await r.arrayBuffer()).byteLength })));
        if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
        if (i > 0) times.push(ms);
      }
      return median(times);
    };
    record('dashboardListMs', await getMs('/api/responses/grouped', typicalToken, 5));
    record('dashboardListBigMs', await getMs('/api/responses/grouped', bigToken, 5));
    record('adminStatsMs', await getMs('/api/admin/stats/pharmacies', adminToken, 5));

    section(`Export XLSX d’une pharmacie de ${exportForms} formulaires`);
    const pid = server.child.pid as number;
    resetPeak(pid);
    const rssBefore = rssMb(pid);
    const [size, exportMs] = await timed(async () => {
      const r = await fetchOnce(`${url}/api/utilisateurs/export`, { headers: { authorization: `Bearer ${bigToken}` } });
      if (r.status !== 200) throw new Error(`export: ${r.status}`);
      return (await r.arrayBuffer()).byteLength;
    });
    record('exportSeconds', exportMs / 1000);
    const peak = peakMb(pid);
    record('exportPeakMemoryMb', peak);
    notes.push(`export : ${(size / 1024 / 1024).toFixed(1)} Mo, mémoire résidente du serveur avant ${rssBefore.toFixed(0)} Mo, pic ${peak.toFixed(0)} Mo`);

    section('Charge : patients simulés, parcours complets');
    const loadPatients = quick ? 40 : 500;
    const load = await runLoad({ url, pharmacyId, patients: loadPatients, concurrency: 20, offset: 10_000, maxMs: quick ? 60_000 : 240_000 });
    const lost = await verifyNothingLost(url, load);
    record('loadErrors', load.errors.length + lost.length);
    record('loadFlowsPerSecond', load.completed.length / (load.durationMs / 1000));
    notes.push(
      `charge : ${load.completed.length}/${loadPatients} parcours complets en ${(load.durationMs / 1000).toFixed(1)} s, 20 à la fois, parcours p50 ${percentile(load.flowMs, 50).toFixed(0)} ms / p99 ${percentile(load.flowMs, 99).toFixed(0)} ms, ${load.errors.length} erreur(s), ${lost.length} perte(s)`,
    );
    for (const e of [...load.errors, ...lost].slice(0, 5)) notes.push(`  ${e}`);

    // A refused save must not have slipped in: the server still answers after all of this.
    const check = await savePage(httpCall(url, '10.3.0.1'), savers[0]?.token ?? '', 'healthQuestions', page.answers);
    if (check.statusCode !== 200) notes.push(`après la charge, un enregistrement répond ${check.statusCode}`);

    await server.kill('SIGTERM');
    server = undefined;

    section('Fuzzing (fast-check, inject), passe longue');
    const fuzzRuns = quick ? 200 : 2000;
    const fuzzFailures = await fuzzAll(fuzzRuns);
    record('fuzzFailures', fuzzFailures);

    section('JavaScript chargé d’abord par le parcours patient (gzip)');
    try {
      const js = patientJs(args.has('--no-build'));
      record('patientJsGzipKb', js.gzipBytes / 1024);
      notes.push(`JavaScript du parcours patient : ${js.files.join(', ')} (${(js.rawBytes / 1024).toFixed(0)} Ko non compressé)`);
    } catch (err) {
      notes.push(`JavaScript du parcours patient non mesuré : ${err instanceof Error ? err.message : String(err)}`);
    }
  } finally {
    await server?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }

  console.log('\nNotes');
  for (const n of notes) console.log(`  ${n}`);
  const overBudget = figures.filter((f) => {
    const b = budgets.figures[f.key];
    return b !== undefined && over(b, f.value);
  });
  console.log(`\nDurée totale : ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (overBudget.length > 0) {
    console.log(`\nAu-dessus du budget (${overBudget.length}) :`);
    for (const f of overBudget) {
      const b = budgets.figures[f.key] as Budget & { label: string };
      console.log(`  - ${b.label} : ${round(f.value)} ${b.unit}, budget ${b.kind === 'max' ? '≤' : '≥'} ${b.value} ${b.unit}`);
    }
    process.exitCode = 1;
  } else {
    console.log('\nToutes les mesures tiennent leur budget.');
  }
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify({ figures, notes }, null, 2));
}

function os(): string {
  const cpus = readFileSync('/proc/cpuinfo', 'utf8').split('\n').filter((l) => l.startsWith('processor')).length;
  const model = /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? 'processeur inconnu';
  return `${cpus} cœur(s), ${model.trim()}`;
}

/** Resets the peak resident size of a process of ours (Linux clear_refs 5), so that VmHWM is the export's. */
function resetPeak(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    notes.push('pic mémoire : remise à zéro impossible (clear_refs), le pic couvre toute la vie du serveur');
  }
}

function statusKb(pid: number, field: string): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m?.[1] ? Number(m[1]) : NaN;
}
const rssMb = (pid: number) => statusKb(pid, 'VmRSS') / 1024;
const peakMb = (pid: number) => statusKb(pid, 'VmHWM') / 1024;

async function fuzzAll(runs: number): Promise<number> {
  let failures = 0;
  const targets: ((t: Awaited<ReturnType<typeof buildTestApp>>) => FuzzTarget | Promise<FuzzTarget>)[] = [
    fuzzCreate,
    fuzzSavePage,
    (t) => fuzzSubmit(t, Math.min(100, Math.floor(runs / 10))),
    fuzzLogin,
    fuzzVerify,
    fuzzRegister,
    fuzzReset,
    fuzzInvitation,
  ];
  for (const make of targets) {
    const t = await buildTestApp();
    const t0 = Date.now();
    let stats: FuzzStats | undefined;
    let route = '?';
    try {
      const target = await make(t);
      route = target.route;
      stats = await target.run(runs);
      const statuses = Object.entries(stats.byStatus)
        .map(([s, n]) => `${s}×${n}`)
        .join(' ');
      console.log(`  ${route.padEnd(50)} ${String(stats.cases).padStart(6)} cas, ${((Date.now() - t0) / 1000).toFixed(1)} s, ${statuses}`);
    } catch (err) {
      failures += 1;
      console.log(`  ${route.padEnd(50)} ÉCHEC : ${(err instanceof Error ? err.message : String(err)).split('\n').slice(0, 6).join(' | ')}`);
    } finally {
      await t.close();
    }
  }
  return failures;
}

/**
 * The JavaScript of the first patient screen (/{clientName}/userform): the entry chunk, the lazy
 * chunk of the registration page, and every chunk they import statically, each gzipped.
 */
function patientJs(noBuild: boolean): { files: string[]; gzipBytes: number; rawBytes: number } {
  let dist = join(root, 'web/dist');
  if (!noBuild) {
    dist = mkdtempSync(join(tmpdir(), 'bilan-web-'));
    const r = spawnSync('pnpm', ['--filter', '@bilan/web', 'exec', 'vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('web build failed');
  }
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`${dist}/index.html missing (build the web app or drop --no-build)`);
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<script[^>]+src="\/assets\/([^"]+\.js)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/assets\/([^"]+\.js)"/g)].map((m) => m[1] as string);
  const assets = readdirSync(join(dist, 'assets'));
  const registration = assets.find((f) => /^RegistrationPage-[\w-]+\.js$/.test(f));
  if (registration) entries.push(registration);
  else notes.push('JavaScript du parcours patient : chunk RegistrationPage introuvable, entrée seule mesurée');
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(join(dist, 'assets', file))) return;
    seen.add(file);
    const code = readFileSync(join(dist, 'assets', file), 'utf8');
    // Static imports only (import … from "./x.js" and bare import "./x.js"); import("./x.js") is lazy.
    for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']\.\/([\w.-]+\.js)["']/g)) visit(m[1] as string);
  };
  for (const e of entries) visit(e);
  let gzipBytes = 0;
  let rawBytes = 0;
  for (const f of seen) {
    const content = readFileSync(join(dist, 'assets', f));
    rawBytes += content.length;
    gzipBytes += gzipSync(content).length;
  }
  if (!noBuild) rmSync(dist, { recursive: true, force: true });
  return { files: [...seen].sort(), gzipBytes, rawBytes };
}

await main();
