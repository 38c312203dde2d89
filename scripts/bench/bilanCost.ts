// `pnpm bench`: what one complete bilan costs the machine. Patients go one after the other through
// the real routes (bot check, registration, every page saved, the finishing call); the server then
// renders both PDFs and sends the two e-mails (the patient's and the pharmacy's) to a real SMTP
// server on loopback. The CPU time of the server process (its worker threads included) and, on
// PostgreSQL, of the database server's processes, the bytes they wrote and the growth of the
// database (SQLite: with the PDFs' files) are read from /proc and the database once every PDF is
// stored and every e-mail sent.
import { readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import pg from 'pg';
import type { BandCode } from '../../engine/src/index';
import { BANDS } from '../../fixtures/index';
import { httpCall, identityFor, registerPatient, saveAllPages, submit } from '../../api/test/reliability/patientFlow';
import { sqliteProbe } from '../../api/test/reliability/sqliteProbe';
import type { SmtpSink } from '../../api/test/smtpSink';
import { meter, threadIds, threadMeter, type ThreadKind } from './processCost';
import { notes, record } from './report';

/** What the phase reads of the database: finished work, its size, its write-ahead log (PostgreSQL). */
interface Probe {
  /** Stored PDFs and sent e-mails so far. */
  done(): Promise<{ documents: number; sent: number }>;
  /** The database's size in bytes (SQLite: its pages, the WAL's committed ones included). */
  size(): Promise<number>;
  /** Bytes of write-ahead log written so far (PostgreSQL), or null. */
  wal(): Promise<number | null>;
  /** The database server's process that answers the probe itself (PostgreSQL), or null. */
  ownProcess: number | null;
  close(): Promise<void>;
}

/** Bytes of the files under `dir` (recursively) but those `skip` names. */
function folderBytes(dir: string, skip: (name: string) => boolean): number {
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile() && !skip(entry.name)) bytes += statSync(join(entry.parentPath, entry.name)).size;
  return bytes;
}

/** SQLite's database, and beside it the PDFs, which SQLite's server keeps in files (db/pdfStore.ts). */
function sqliteFile(file: string): Probe {
  const probe = sqliteProbe(file);
  const base = basename(file);
  return {
    done: async () => probe.done(),
    size: async () => probe.size() + folderBytes(dirname(file), (name) => name.startsWith(base)),
    wal: async () => null,
    ownProcess: null,
    close: async () => void probe.close(),
  };
}

async function postgresProbe(url: string): Promise<Probe> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const one = async (query: string) => (await client.query<Record<string, string>>(query)).rows[0] ?? {};
  const ownProcess = Number((await one('SELECT pg_backend_pid() AS pid')).pid);
  return {
    done: async () => {
      const row = await one(
        "SELECT (SELECT count(*) FROM documents) AS documents, (SELECT count(*) FROM emails WHERE status = 'sent') AS sent",
      );
      return { documents: Number(row.documents), sent: Number(row.sent) };
    },
    size: async () => Number((await one('SELECT pg_database_size(current_database()) AS size')).size),
    wal: async () => Number((await one("SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0') AS wal")).wal),
    ownProcess,
    close: () => client.end(),
  };
}

/** The steps of a bilan whose server CPU time the notes give. */
// The two e-mails carry no PDF (D15) and leave during the renders: they share the last step.
const STEPS = ['inscription', 'pages', 'appel final', 'PDF et e-mails'] as const;

/** Waits until `done` holds of what the database says (a minute at most). */
async function until(probe: Probe, done: (now: { documents: number; sent: number }) => boolean): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!done(await probe.done())) {
    if (Date.now() > deadline) throw new Error('bilan: PDFs or e-mails not done after 60 s');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * Patients finishing bilans one after the other (the four bands in turn), each once its PDFs are
 * stored and its e-mails sent; `onStep` after each step of each bilan (to read the meters).
 */
async function bilans(
  url: string,
  pharmacyId: number,
  from: number,
  count: number,
  probe: Probe,
  onStep: (step: (typeof STEPS)[number]) => void = () => {},
): Promise<void> {
  for (let i = from; i < from + count; i++) {
    const before = await probe.done();
    const band = BANDS[i % BANDS.length] as BandCode;
    const call = httpCall(url, `10.4.${i >> 8}.${i & 255}`);
    const patient = await registerPatient(call, pharmacyId, identityFor(20_000 + i, band, new Date()), band);
    onStep('inscription');
    await saveAllPages(call, patient);
    onStep('pages');
    await submit(call, patient.token);
    onStep('appel final');
    // Questionnaire.pdf and Bilan.pdf stored, then the patient's and the pharmacy's e-mails sent.
    await until(probe, (now) => now.documents - before.documents >= 2 && now.sent - before.sent >= 2);
    onStep('PDF et e-mails');
  }
}

/**
 * Bilans before the measured ones, not counted: five of each band. A server of a pharmacy network
 * runs all day; with one of each band V8 was still compiling the code the bilans run (a tenth more
 * CPU per bilan, most of it in its compiler's threads, in runs of 4 against 40 warm-up bilans).
 */
const WARM_UP = 20;

/**
 * The cost of one bilan on the server at `url` (SQLite's file, or PostgreSQL's URL and server):
 * WARM_UP bilans first to warm the process up (not counted), then `count` measured.
 */
export async function measureBilanCost(options: {
  url: string;
  pharmacyId: number;
  serverPid: number;
  sink: SmtpSink;
  count: number;
  database: { file: string } | { url: string; processes: () => number[]; postmaster: number };
}): Promise<void> {
  const { url, pharmacyId, serverPid, sink, count, database } = options;
  const on = 'file' in database ? '' : 'Pg';
  const probe = 'file' in database ? sqliteFile(database.file) : await postgresProbe(database.url);
  try {
    // The server's threads before its first render: the render pool's threads start after.
    const startThreads = threadIds(serverPid);
    await bilans(url, pharmacyId, 0, WARM_UP, probe);
    // What the server spends doing nothing (its timers, the mail queue's poll): counted in the
    // bilans' time, which is the prudent side, and given in the notes.
    const idle = meter(() => [serverPid]);
    await new Promise((r) => setTimeout(r, 2_000));
    notes.push(
      `${on ? 'PostgreSQL, ' : ''}serveur au repos : ${(idle.read().cpuMs / 2).toFixed(1)} ms de CPU par seconde`,
    );
    const mailsBefore = sink.messages.length;
    const sizeBefore = await probe.size();
    const walBefore = await probe.wal();
    const started = performance.now();
    const server = meter(() => [serverPid]);
    const threads = threadMeter(serverPid, startThreads);
    // Not the probe's own backend: its polling (every 10 ms, counts over growing tables) is the
    // bench's, and was a few ms of PostgreSQL's CPU per bilan.
    const db =
      'file' in database
        ? undefined
        : meter(() => database.processes().filter((pid) => pid !== probe.ownProcess), database.postmaster);
    const stepMs = new Map<string, number>();
    let last = 0;
    await bilans(url, pharmacyId, WARM_UP, count, probe, (step) => {
      const now = server.read().cpuMs;
      stepMs.set(step, (stepMs.get(step) ?? 0) + now - last);
      last = now;
    });
    const serverUse = server.read();
    const byThread = threads.read();
    const dbUse = db?.read();
    const seconds = (performance.now() - started) / 1000;
    const walAfter = await probe.wal();
    const perBilan = (n: number) => n / count;
    const cpuMs = perBilan(serverUse.cpuMs + (dbUse?.cpuMs ?? 0));
    record(`bilanCpuMs${on}`, cpuMs);
    record(`bilansPerCoreHour${on}`, 3_600_000 / cpuMs);
    // SQLite: what the server wrote to its files (WAL and checkpoints); PostgreSQL: its write-ahead log.
    const writtenKb = walBefore !== null && walAfter !== null ? (walAfter - walBefore) / 1024 : serverUse.bytes / 1024;
    record(`bilanWrittenKb${on}`, perBilan(writtenKb));
    record(`bilanStoredKb${on}`, perBilan((await probe.size()) - sizeBefore) / 1024);
    const steps = STEPS.map((step) => `${step} ${perBilan(stepMs.get(step) ?? 0).toFixed(0)} ms`).join(', ');
    notes.push(
      `${on ? 'PostgreSQL, ' : ''}coût d’un bilan, CPU du serveur par étape : ${steps} (au CPU près de l’attente entre deux appels)`,
    );
    const threadNames: Record<ThreadKind, string> = {
      main: 'fil principal (requêtes, base, e-mails)',
      workers: 'threads de rendu des PDF',
      v8: 'fils de V8 (ramasse-miettes, compilation)',
      libuv: 'fils de libuv (fichiers)',
    };
    notes.push(
      `${on ? 'PostgreSQL, ' : ''}coût d’un bilan, CPU du serveur par fil : ${(Object.keys(threadNames) as ThreadKind[])
        .map((kind) => `${threadNames[kind]} ${perBilan(byThread[kind]).toFixed(0)} ms`)
        .join(', ')}`,
    );
    notes.push(
      `${on ? 'PostgreSQL, ' : ''}coût d’un bilan : ${count} bilans l’un après l’autre en ${seconds.toFixed(1)} s (les quatre tranches d’âge tour à tour, toutes les pages, appel final, 2 PDF stockés, ${sink.messages.length - mailsBefore} e-mails reçus par le serveur SMTP local) ; CPU ${perBilan(serverUse.cpuMs).toFixed(0)} ms du serveur${dbUse ? ` + ${perBilan(dbUse.cpuMs).toFixed(0)} ms de PostgreSQL` : ''} par bilan${dbUse ? `, octets écrits sur disque par PostgreSQL ${(perBilan(dbUse.bytes) / 1024).toFixed(0)} Ko (WAL et pages)` : ''}`,
    );
  } finally {
    await probe.close();
  }
}
