import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { RenderTask } from './renderWorker';

// From the sources (tsx, vitest) the worker is TypeScript and loads through tsx; from the build it
// is the bundle's renderWorker.mjs beside this module's chunk.
const fromSource = import.meta.url.endsWith('.ts');

let pool: Piscina<RenderTask, Uint8Array> | undefined;

/**
 * The worker threads that render Questionnaire.pdf and Bilan.pdf (about 80 ms of CPU each), so
 * that the event loop keeps answering other patients meanwhile. One thread fewer than the cores
 * (at least one); threads start on the first render and stop after 30 s without work, so an idle
 * server holds none.
 */
function renderPool(): Piscina<RenderTask, Uint8Array> {
  pool ??= new Piscina<RenderTask, Uint8Array>({
    filename: new URL(fromSource ? './renderWorker.ts' : './renderWorker.mjs', import.meta.url).href,
    execArgv: fromSource ? ['--import', 'tsx'] : [],
    minThreads: 0,
    maxThreads: Math.max(1, availableParallelism() - 1),
    idleTimeout: 30_000,
  });
  return pool;
}

let asked = 0;

/** One PDF rendered in the pool. */
export async function renderInPool(task: RenderTask): Promise<Buffer> {
  asked += 1;
  try {
    const bytes = await renderPool().run(task);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } finally {
    asked -= 1;
  }
}

/** Renders under way and waiting in the pool, for the metrics. */
export function renderPoolQueue(): { running: number; waiting: number } {
  const waiting = pool?.queueSize ?? 0;
  return { running: asked - waiting, waiting };
}

/** Stops the threads (server stop, end of a script); the next render starts them again. */
export async function closeRenderPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
