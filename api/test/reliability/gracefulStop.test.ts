import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Answers } from '@bilan/engine';
import { loadConfig, repoRoot } from '../../src/config';
import {
  completeFlow,
  httpCall,
  identityFor,
  me,
  registerPatient,
  savePage,
  typicalPages,
  type RegisteredPatient,
} from './patientFlow';
import { serverEnv, startServerProcess, type ServerProcess, demoPharmacyId } from './serverProcess';
import { pdfText } from '../pdfText';
import { readStoredPdfs } from '../readers';

// The production build (what `pnpm start` runs, plain node, NODE_ENV=production) stopped by
// SIGTERM while 20 patients save pages: it exits 0 after the requests in flight, closes the
// database cleanly (no WAL left behind), and every save it acknowledged is there after a restart.

const PATIENTS = 20;
const BUILD_DIR = '.dist-test';
const dir = mkdtempSync(join(tmpdir(), 'bilan-sigterm-'));
const env = serverEnv(dir, { TRUST_PROXY: '127.0.0.1', NODE_ENV: 'production', SEED_DEMO: '1' });
const built = `api/${BUILD_DIR}/server.mjs`;
let server: ServerProcess | undefined;

beforeAll(() => {
  const r = spawnSync(process.execPath, [join(repoRoot, 'scripts', 'build.mjs'), '--api-only', '--outdir', BUILD_DIR], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`build failed: ${r.stderr}`);
});
afterAll(async () => {
  await server?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
  rmSync(join(repoRoot, 'api', BUILD_DIR), { recursive: true, force: true });
});

interface Tracker {
  patient: RegisteredPatient;
  ip: string;
  acked: Map<string, Answers[string]>;
}

/** Saves pages in a loop, each with a new free-text value, until the server stops answering. */
async function saveUntilRefused(
  url: string,
  t: Tracker,
  stop: { signalled: boolean },
  afterSignal: { count: number },
): Promise<void> {
  const call = httpCall(url, t.ip);
  const pages = typicalPages(t.patient.band);
  for (let n = 0; n < 10_000; n++) {
    const page = pages[n % pages.length];
    if (!page) return;
    let res;
    try {
      res = await savePage(call, t.patient.token, page.section, page.answers);
    } catch {
      return; // the listener is closed: this save was never received, or never acknowledged
    }
    if (res.statusCode === 503 || res.statusCode === 502) return;
    if (res.statusCode !== 200) throw new Error(`save ${page.section}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    t.acked.set(page.section, (JSON.parse(res.body) as { reponses: Answers[string] }).reponses);
    if (stop.signalled) afterSignal.count += 1;
  }
}

describe('graceful stop (SIGTERM) of the production build', () => {
  it(
    `exits 0 during ${PATIENTS} concurrent saves, closes the database, and keeps every acknowledged save`,
    { timeout: 120_000 },
    async () => {
      server = await startServerProcess(env, 30_000, { built });
      expect(server.output()).not.toMatch(/mot de passe|password|token=/i);
      const docs = await fetch(`${server.url}/api/docs/json`);
      expect(docs.status, 'no API docs in production unless API_DOCS=1').toBe(404);
      const pharmacyId = await demoPharmacyId(server.url);

      const trackers: Tracker[] = [];
      for (let i = 0; i < PATIENTS; i++) {
        const ip = `10.8.0.${i + 1}`;
        trackers.push({
          patient: await registerPatient(
            httpCall(server.url, ip),
            pharmacyId,
            identityFor(i, '60to65', new Date()),
            '60to65',
          ),
          ip,
          acked: new Map(),
        });
      }

      const running = server;
      const stop = { signalled: false };
      const afterSignal = { count: 0 };
      const loops = trackers.map((t) => saveUntilRefused(running.url, t, stop, afterSignal));
      await new Promise((r) => setTimeout(r, 500));
      stop.signalled = true;
      const exit = await running.kill('SIGTERM');
      await Promise.all(loops);
      server = undefined;

      expect(exit, running.output().slice(-1500)).toBe(0);
      expect(running.output()).toMatch(/arrêt en cours/);
      const acked = trackers.reduce((a, t) => a + t.acked.size, 0);
      expect(acked, 'saves acknowledged before the signal').toBeGreaterThan(0);
      // A clean close checkpoints the WAL into the database file and removes it.
      const wal = `${env.DATABASE_FILE as string}-wal`;
      expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);

      server = await startServerProcess(env, 30_000, { built });
      const call = httpCall(server.url);
      for (const t of trackers) {
        const view = await me(call, t.patient.token);
        for (const [section, answers] of t.acked) {
          expect(view.savedPages).toContain(section);
          expect(view.reponses[section]).toEqual(answers);
        }
      }
    },
  );

  it('renders both PDFs of a finished form in its worker threads, after the answer', { timeout: 120_000 }, async () => {
    await server?.kill('SIGTERM');
    server = await startServerProcess(env, 30_000, { built });
    const pharmacyId = await demoPharmacyId(server.url);
    const { patient } = await completeFlow(
      httpCall(server.url, '10.8.1.1'),
      pharmacyId,
      { ...identityFor(50, '45to50', new Date()), nom: 'Fil' },
      '45to50',
    );
    // The server's PDF folder, as its configuration places it in its data folder.
    const docs = () => readStoredPdfs(env.DATABASE_FILE as string, loadConfig(env).pdfDir, patient.userId);
    for (let waited = 0; (await docs()).length < 2 && waited < 30_000; waited += 100)
      await new Promise((r) => setTimeout(r, 100));
    const stored = await docs();
    expect(stored.map((d) => d.kind)).toEqual(['bilan', 'questionnaire']);
    expect(pdfText(stored[0]?.content ?? Buffer.alloc(0))).toMatch(/Fil/);
    const exit = await server.kill('SIGTERM');
    server = undefined;
    expect(exit).toBe(0);
  });
});
