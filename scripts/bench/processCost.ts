// What processes of the bench consumed (Linux /proc): CPU time, threads included, and bytes
// written to disk. A figure of CPU time is steadier than a rate on a shared machine: other
// processes slow a request down but do not add to its own CPU time.
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

/** Clock ticks per second of /proc's times (getconf CLK_TCK: 100 on Linux). */
const TICKS_PER_SECOND = 100;

function statFields(pid: number | string): string[] {
  const line = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: the fields after it start after its ')'.
  return line.slice(line.lastIndexOf(')') + 2).split(' ');
}

/** CPU time of a process so far (user and system, all its threads; with its exited children's), in ms. */
function cpuMs(pid: number, withExitedChildren = false): number {
  try {
    // Fields 14-17 of stat (utime, stime, cutime, cstime), 11-14 after the command name.
    const [utime, stime, cutime, cstime] = statFields(pid)
      .slice(11, 15)
      .map((v) => Number(v)) as [number, number, number, number];
    return ((utime + stime + (withExitedChildren ? cutime + cstime : 0)) * 1000) / TICKS_PER_SECOND;
  } catch {
    // The process is gone (a PostgreSQL backend that ended): its time is in its parent's.
    return 0;
  }
}

/** Bytes a process caused to be written to storage so far (/proc/PID/io write_bytes). */
function writtenBytes(pid: number): number {
  try {
    const m = /^write_bytes: (\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'));
    return m?.[1] ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** The processes of a PostgreSQL server: its postmaster (found from one of its backends) and every child. */
export async function postgresServer(url: string): Promise<{ postmaster: number; processes: () => number[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let postmaster: number;
  try {
    const backend = Number((await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid);
    // Read while the backend lives: it ends with this connection.
    postmaster = Number(statFields(backend)[1]);
  } finally {
    await client.end();
  }
  const processes = () => [
    postmaster,
    ...readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .filter((pid) => {
        try {
          return Number(statFields(pid)[1]) === postmaster;
        } catch {
          return false;
        }
      }),
  ];
  return { postmaster, processes };
}

/**
 * A meter over some processes: `read()` gives their CPU ms and bytes written since the meter was
 * made. A PostgreSQL server's backends come and go: its postmaster's children's times count the
 * ended ones.
 */
export function meter(pids: () => number[], postmaster?: number) {
  const total = () => {
    let cpu = 0;
    let bytes = 0;
    for (const pid of pids()) {
      cpu += cpuMs(pid, pid === postmaster);
      bytes += writtenBytes(pid);
    }
    return { cpu, bytes };
  };
  const start = total();
  return {
    read(): { cpuMs: number; bytes: number } {
      const now = total();
      return { cpuMs: now.cpu - start.cpu, bytes: now.bytes - start.bytes };
    },
  };
}

/** One thread of a process: its name (comm) and CPU ms so far. */
function threadsOf(pid: number): Map<number, { name: string; cpuMs: number }> {
  const threads = new Map<number, { name: string; cpuMs: number }>();
  for (const tid of readdirSync(`/proc/${pid}/task`).map(Number)) {
    try {
      const line = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = line.slice(line.indexOf('(') + 1, line.lastIndexOf(')'));
      const [utime, stime] = statFields(`${pid}/task/${tid}`)
        .slice(11, 13)
        .map((v) => Number(v)) as [number, number];
      threads.set(tid, { name, cpuMs: ((utime + stime) * 1000) / TICKS_PER_SECOND });
    } catch {
      // The thread ended meanwhile.
    }
  }
  return threads;
}

/** What a thread of a Node server does, told by /proc alone. */
export type ThreadKind = 'main' | 'workers' | 'v8' | 'libuv';

/**
 * A meter of a Node server's CPU by kind of thread: its main thread (the event loop, tid = pid),
 * the worker threads it started after `baseline` was taken (the PDF renders' pool), libuv's
 * thread pool (files, zlib's asynchronous calls, DNS), and the threads it had from the start
 * (V8's own: concurrent and parallel garbage collection, background compilation).
 */
export function threadMeter(pid: number, baseline: ReadonlySet<number>) {
  const kindOf = (tid: number, name: string): ThreadKind =>
    tid === pid ? 'main' : name.startsWith('libuv') ? 'libuv' : baseline.has(tid) ? 'v8' : 'workers';
  const start = threadsOf(pid);
  return {
    read(): Record<ThreadKind, number> {
      const used: Record<ThreadKind, number> = { main: 0, workers: 0, v8: 0, libuv: 0 };
      for (const [tid, { name, cpuMs: now }] of threadsOf(pid))
        used[kindOf(tid, name)] += now - (start.get(tid)?.cpuMs ?? 0);
      return used;
    },
  };
}

/** The threads a process has now (for threadMeter's baseline, before it starts its workers). */
export const threadIds = (pid: number): Set<number> => new Set(threadsOf(pid).keys());
