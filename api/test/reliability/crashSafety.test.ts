import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Answers } from '@bilan/engine';
import {
  httpCall,
  identityFor,
  me,
  registerPatient,
  savePage,
  typicalPages,
  type RegisteredPatient,
} from './patientFlow';
import { serverEnv, startServerProcess, type ServerProcess, demoPharmacyId } from './serverProcess';

// SIGKILL while 20 patients save pages, restart, and check that every save the server
// acknowledged (2xx) is stored, and that SQLite's integrity check passes. Several rounds over the
// same data folder, so that each restart also recovers the previous crash's WAL.

const PATIENTS = 20;
const ROUNDS = 3;
const MARKER_SECTION = 'healthQuestions';
const MARKER_FIELD = 'otherSexualHealth';

const dir = mkdtempSync(join(tmpdir(), 'bilan-crash-'));
const env = serverEnv(dir, { TRUST_PROXY: '127.0.0.1' });
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

interface Tracker {
  patient: RegisteredPatient;
  ip: string;
  /** Per section: what the server answered for the last acknowledged save. */
  acked: Map<string, Answers[string]>;
  /** The marker of the last acknowledged save of the marker page, and those sent after it but never answered (one per round a kill cut off). */
  ackedMarker: string | null;
  unansweredMarkers: string[];
}

function integrity(file: string): string {
  const db = new Database(file);
  try {
    return (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).join('; ');
  } finally {
    db.close();
  }
}

/** One patient saving its pages in a loop (with a new marker each time) until the server dies. */
async function saveUntilDown(
  url: string,
  t: Tracker,
  round: number,
  stop: { down: boolean; acked: number },
): Promise<number> {
  const call = httpCall(url, t.ip);
  const pages = typicalPages(t.patient.band);
  let n = 0;
  while (!stop.down && n < 10_000) {
    const page = pages[n % pages.length];
    if (!page) break;
    const marker = page.section === MARKER_SECTION ? `r${round}-n${n}-${t.patient.userId}` : null;
    const answers = marker ? { ...page.answers, [MARKER_FIELD]: marker } : page.answers;
    if (marker) t.unansweredMarkers.push(marker);
    let res;
    try {
      res = await savePage(call, t.patient.token, page.section, answers);
    } catch {
      // The connection died with the server: this save's outcome is unknown.
      return n;
    }
    if (res.statusCode !== 200) throw new Error(`save ${page.section}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    t.acked.set(page.section, (JSON.parse(res.body) as { reponses: Answers[string] }).reponses);
    if (marker) {
      t.ackedMarker = marker;
      t.unansweredMarkers = [];
    }
    n += 1;
    stop.acked += 1;
  }
  return n;
}

describe('crash safety', () => {
  it(
    `keeps every acknowledged save through ${ROUNDS} SIGKILLs during ${PATIENTS} concurrent patients' saves`,
    // Four starts from the TypeScript source, each up to a minute on a loaded machine.
    { timeout: 300_000 },
    async () => {
      server = await startServerProcess(env);
      const pharmacyId = await demoPharmacyId(server.url);
      const trackers: Tracker[] = [];
      for (let i = 0; i < PATIENTS; i++) {
        const ip = `10.9.0.${i + 1}`;
        const patient = await registerPatient(
          httpCall(server.url, ip),
          pharmacyId,
          identityFor(i, '45to50', new Date()),
          '45to50',
        );
        trackers.push({ patient, ip, acked: new Map(), ackedMarker: null, unansweredMarkers: [] });
      }

      let totalAcked = 0;
      for (let round = 1; round <= ROUNDS; round++) {
        if (!server) server = await startServerProcess(env);
        const running: ServerProcess = server;
        const stop = { down: false, acked: 0 };
        const loops = trackers.map((t) => saveUntilDown(running.url, t, round, stop));
        // Kill at a random moment while the saves run, counted in acknowledged saves rather than
        // milliseconds (a busy machine acknowledges fewer per second), then a random extra delay
        // so the kill also lands in the middle of writes.
        const target = PATIENTS + 1 + Math.floor(Math.random() * PATIENTS);
        while (stop.acked < target) await new Promise((r) => setTimeout(r, 10));
        await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 50)));
        await running.kill('SIGKILL');
        stop.down = true;
        const counts = await Promise.all(loops);
        server = undefined;
        totalAcked += counts.reduce((a, b) => a + b, 0);
        expect(
          counts.reduce((a, b) => a + b, 0),
          `round ${round}: saves acknowledged before the kill`,
        ).toBeGreaterThan(0);

        // Opening the file recovers the WAL; the check reads every page of the database.
        expect(integrity(env.DATABASE_FILE as string)).toBe('ok');

        server = await startServerProcess(env);
        const call = httpCall(server.url);
        for (const t of trackers) {
          const view = await me(call, t.patient.token);
          for (const [section, acked] of t.acked) {
            expect(view.savedPages).toContain(section);
            if (section !== MARKER_SECTION) expect(view.reponses[section]).toEqual(acked);
          }
          if (t.ackedMarker !== null) {
            // The last acknowledged marker, or a later one whose answer a kill cut off (it may have
            // been committed with its batch just before the kill).
            const stored = view.reponses[MARKER_SECTION]?.[MARKER_FIELD];
            expect([t.ackedMarker, ...t.unansweredMarkers]).toContain(stored);
          }
        }
        // The next round starts from this server (the restart is part of the proof).
      }
      expect(totalAcked).toBeGreaterThan(ROUNDS * PATIENTS);
      await server?.kill('SIGTERM');
      server = undefined;
    },
  );
});
