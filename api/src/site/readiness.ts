import type { FastifyInstance } from 'fastify';
import { diskFreeBytes } from '../shared/diskFreeBytes';

/** What stops a server from taking writes, each with its error code (errors.ts). */
type ReadinessCode = 'database_not_writable' | 'disk_space_low' | 'pdf_store_not_writable';

export interface ReadinessProblem {
  code: ReadinessCode;
  /** For the operator: what failed (an error code, the free space); never health data. */
  detail: string;
}

/** A check that answers within `ms`, or counts as failed (a database that hangs is not ready). */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const reason = (err: unknown) =>
  String((err as { code?: unknown }).code ?? (err instanceof Error ? err.message : err)).slice(0, 200);

/**
 * Whether this server can take a patient's answers now: the database takes a write, the data
 * disk keeps DISK_MIN_FREE_MB free, the PDF folder takes a file (on SQLite; on PostgreSQL the
 * PDFs are rows). The three run side by side; the problems found, none when ready.
 */
export async function readinessProblems(app: FastifyInstance, holder: string): Promise<ReadinessProblem[]> {
  const checks: [ReadinessCode, () => Promise<string | null>][] = [
    [
      'database_not_writable',
      async () => {
        await within(3000, app.siteRepository.probeWrite(holder, app.clock().getTime()));
        return null;
      },
    ],
    [
      'disk_space_low',
      async () => {
        const free = await diskFreeBytes(app.config.dataDir);
        return free < app.config.diskMinFreeBytes
          ? `${Math.floor(free / 1048576)} Mo libres, ${Math.floor(app.config.diskMinFreeBytes / 1048576)} Mo demandés (DISK_MIN_FREE_MB)`
          : null;
      },
    ],
    [
      'pdf_store_not_writable',
      async () => {
        if (app.store.dialect === 'sqlite') await within(3000, app.pdfStore.checkWritable());
        return null;
      },
    ],
  ];
  const results = await Promise.all(
    checks.map(async ([code, check]) => {
      try {
        const detail = await check();
        return detail === null ? null : { code, detail };
      } catch (err) {
        return { code, detail: reason(err) };
      }
    }),
  );
  return results.filter((r): r is ReadinessProblem => r !== null);
}
