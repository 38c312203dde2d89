// What `pnpm bench` measures of the machine and of the server process: the bare ceiling of a
// hello-world, the processor, and the server's resident memory (Linux /proc).
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderPdf } from '../../api/src/reports/render';
import { median, notes, root } from './report';
import pg from 'pg';

/** The ceiling: requests per second of a bare Fastify hello-world in its own process. */
export async function ceiling(duration: number): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'bench/helloServer.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
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

/** The PDF ceiling: median time to render a one-line pdfmake document in process (fonts loaded, no layout to speak of). */
export async function barePdfMs(runs: number): Promise<number> {
  await renderPdf({ content: ['Bilan Prévention'] });
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await renderPdf({ content: ['Bilan Prévention'] });
    times.push(performance.now() - t0);
  }
  return median(times);
}

export function os(): string {
  const cpus = readFileSync('/proc/cpuinfo', 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('processor')).length;
  const model = /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? 'processeur inconnu';
  return `${cpus} cœur(s), ${model.trim()}`;
}

/** Resets the peak resident size of a process of ours (Linux clear_refs 5), so that VmHWM is the export's. */
export function resetPeak(pid: number): void {
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
export const rssMb = (pid: number) => statusKb(pid, 'VmRSS') / 1024;
export const peakMb = (pid: number) => statusKb(pid, 'VmHWM') / 1024;

/** Where the bench builds the api (`scripts/build.mjs --api-only`), relative to the repository. */
export const BENCH_BUILD = 'api/.dist-bench/server.mjs';

/**
 * Builds the api as `pnpm build` does, into api/.dist-bench: the bench measures the server that
 * production runs (plain node, no TypeScript compiled on the fly). Returns the folder's remover.
 */
export function buildApiForBench(): () => void {
  const built = spawnSync(
    process.execPath,
    [join(root, 'scripts', 'build.mjs'), '--api-only', '--outdir', '.dist-bench'],
    { cwd: root, encoding: 'utf8' },
  );
  if (built.status !== 0) throw new Error(`build: ${built.stderr}`);
  return () => rmSync(join(root, 'api', '.dist-bench'), { recursive: true, force: true });
}

/**
 * The production build as `pnpm start` runs it (plain node, NODE_ENV=production, the bench's
 * build from buildApiForBench): time from spawn to the first answer of
 * /api/health (best of three starts), and the resident memory of the first start two seconds
 * after its first answer and at rest, 30 seconds after it: V8 gives back the start-up garbage
 * once the process has been idle for a while (its memory reducer, 10 to 20 s here).
 */
export async function productionStart(
  env: Record<string, string>,
): Promise<{ startMs: number; startRssMb: number; idleRssMb: number }> {
  const entry = join(root, BENCH_BUILD);
  let bestMs = Infinity;
  let startRssMb = NaN;
  let idleRssMb = NaN;
  for (let i = 0; i < 3; i++) {
    const port = String(39_000 + i);
    const started = performance.now();
    const child = spawn(process.execPath, [entry], {
      cwd: root,
      env: { ...env, NODE_ENV: 'production', SEED_DEMO: '0', PORT: port, LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    // Created at once: a server that fails to start (port taken) exits before anyone listens.
    const exited = new Promise((r) => child.once('exit', r));
    try {
      let startMs = NaN;
      for (let tries = 0; tries < 1000 && Number.isNaN(startMs); tries++) {
        try {
          if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) startMs = performance.now() - started;
        } catch {
          await new Promise((r) => setTimeout(r, 10));
        }
      }
      if (Number.isNaN(startMs) || child.exitCode !== null)
        throw new Error(`the built server on port ${port} did not answer`);
      bestMs = Math.min(bestMs, startMs);
      if (i === 0) {
        await new Promise((r) => setTimeout(r, 2000));
        startRssMb = rssMb(child.pid as number);
        await new Promise((r) => setTimeout(r, 28_000));
        idleRssMb = rssMb(child.pid as number);
      }
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  }
  return { startMs: bestMs, startRssMb, idleRssMb };
}

/**
 * PostgreSQL's single-row commit rate on the bench's own server: one connection, one INSERT per
 * transaction, for `count` rows (the figure the page saves on PostgreSQL are compared with).
 */
export async function postgresCommitRate(url: string, count: number): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      'CREATE TABLE ceiling (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, value text NOT NULL)',
    );
    const started = performance.now();
    for (let i = 0; i < count; i++) await client.query('INSERT INTO ceiling (value) VALUES ($1)', [`ligne ${i}`]);
    const seconds = (performance.now() - started) / 1000;
    await client.query('DROP TABLE ceiling');
    return count / seconds;
  } finally {
    await client.end();
  }
}
