// `pnpm bench -- --acts` (issue 40): « Actes du mois » of a pharmacy with 10,000 acts in the
// month, as XLSX and as CSV, against the real server (production build, SQLite): the time of each
// download and the server's peak resident memory during it. The acts are written straight into
// the database as the server writes them (a valid ledger: the start checks every entry), then the
// server starts on it and rests before the downloads.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paris } from '../../engine/src/index';
import { insertActs } from '../../api/test/reliability/bulkActs';
import { ssnSealer } from '../../api/src/patient/ssnSealer';
import { insertBulkForms, mintStaffToken } from '../../api/test/reliability/bulkForms';
import { serverEnv, startServerProcess } from '../../api/test/reliability/serverProcess';
import { notes, record, section, timed } from './report';
import { BENCH_BUILD, peakMb, resetPeak, rssMb } from './system';

const ACTS = 10_000;

/** « Actes du mois » of 10,000 acts, XLSX then CSV, each on a server at rest: time and peak memory. */
export async function measureActs(env: Record<string, string>, quick: boolean): Promise<void> {
  const count = quick ? 2_000 : ACTS;
  section(`Actes du mois : ${count} actes d’une pharmacie, XLSX et CSV (serveur au repos, build de production)`);
  const dir = mkdtempSync(join(tmpdir(), 'bilan-bench-acts-'));
  const actsEnv = serverEnv(dir, { TRUST_PROXY: env.TRUST_PROXY ?? '127.0.0.1', LOG_LEVEL: 'info' });
  const file = actsEnv.DATABASE_FILE as string;
  try {
    // A first start migrates the empty base; the acts go in while no server runs.
    const first = await startServerProcess(actsEnv, 30_000, { keepOutput: false, built: BENCH_BUILD });
    await first.kill('SIGTERM');
    const now = new Date();
    const bulk = insertBulkForms(file, { formsPerPharmacy: [1], now, spreadDays: 1, placeholderDocuments: true });
    const pharmacyId = bulk.pharmacyIds[0] as number;
    const [, insertMs] = await timed(async () =>
      insertActs(file, pharmacyId, count, now, ssnSealer(actsEnv.SSN_ENCRYPTION_KEY as string).keyId),
    );
    // Once started, the server checks the whole ledger (every entry's hash, every act against its
    // entries) beside its first requests; the act routes wait for the check.
    const [server, startMs] = await timed(() =>
      startServerProcess(actsEnv, 60_000, { keepOutput: false, built: BENCH_BUILD }),
    );
    try {
      const token = mintStaffToken(file, actsEnv.JWT_SECRET as string, pharmacyId);
      const [, ledgerMs] = await timed(() =>
        fetch(`${server.url}/api/forms/0/acts`, { headers: { authorization: `Bearer ${token}` } }),
      );
      await new Promise((resolve) => setTimeout(resolve, quick ? 2_000 : 10_000));
      const pid = server.child.pid as number;
      const month = paris.month(now);
      for (const format of ['xlsx', 'csv'] as const) {
        resetPeak(pid);
        const before = rssMb(pid);
        const [size, ms] = await timed(async () => {
          const r = await fetch(`${server.url}/api/acts/export?month=${month}&format=${format}`, {
            headers: { authorization: `Bearer ${token}` },
          });
          if (r.status !== 200) throw new Error(`acts export ${format}: ${r.status} ${await r.text()}`);
          return (await r.arrayBuffer()).byteLength;
        });
        record(format === 'xlsx' ? 'actsExportSeconds' : 'actsCsvSeconds', ms / 1000);
        record(format === 'xlsx' ? 'actsExportPeakMemoryMb' : 'actsCsvPeakMemoryMb', peakMb(pid));
        notes.push(
          `actes du mois (${format}) : ${count} actes, ${(size / 1024).toFixed(0)} Ko, mémoire avant ${before.toFixed(0)} Mo`,
        );
      }
      notes.push(
        `actes : ${count} actes et leurs entrées écrits en ${(insertMs / 1000).toFixed(1)} s ; démarrage ${(startMs / 1000).toFixed(1)} s, puis registre vérifié (première réponse d’une route des actes) ${(ledgerMs / 1000).toFixed(1)} s après`,
      );
    } finally {
      await server.kill('SIGTERM');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
