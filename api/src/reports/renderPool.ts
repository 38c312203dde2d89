import { availableParallelism } from 'node:os';
import type { Piscina } from 'piscina';
import { findDefinition } from '../questionnaire/definitions';
import type { RenderTask, WireInput } from './renderWorker';
import type { PdfInput } from './types';

// From the sources (tsx, vitest) the worker is TypeScript and loads through tsx; from the build it
// is the bundle's renderWorker.mjs beside this module's chunk.
const fromSource = import.meta.url.endsWith('.ts');

let pool: Promise<Piscina<RenderTask, Uint8Array>> | undefined;
/** The pool once created, for the synchronous metrics. */
let started: Piscina<RenderTask, Uint8Array> | undefined;

/**
 * The worker threads that render Questionnaire.pdf and Bilan.pdf (about 80 ms of CPU each), so
 * that the event loop keeps answering other patients meanwhile. One thread fewer than the cores
 * (at least one); threads start on the first render and stop after 30 s without work, so an idle
 * server holds none, nor piscina itself: it is imported by the first render.
 */
function renderPool(): Promise<Piscina<RenderTask, Uint8Array>> {
  pool ??= import('piscina').then(
    ({ Piscina }) => {
      started = new Piscina<RenderTask, Uint8Array>({
        filename: new URL(fromSource ? './renderWorker.ts' : './renderWorker.mjs', import.meta.url).href,
        execArgv: fromSource ? ['--import', 'tsx'] : [],
        minThreads: 0,
        maxThreads: Math.max(1, availableParallelism() - 1),
        idleTimeout: 30_000,
      });
      return started;
    },
    (err: unknown) => {
      // The next render tries the import again.
      pool = undefined;
      throw err;
    },
  );
  return pool;
}

let asked = 0;

/** A published version goes by reference (the worker finds it in its own registry); a draft whole. */
function wireOf(input: PdfInput): WireInput {
  const { definition, ...rest } = input;
  if (findDefinition(definition.id, definition.version) !== definition) return input;
  return { ...rest, definitionRef: { id: definition.id, version: definition.version } };
}

/** One PDF rendered in the pool. */
export async function renderInPool(task: { kind: RenderTask['kind']; input: PdfInput }): Promise<Buffer> {
  asked += 1;
  try {
    const bytes = await (await renderPool()).run({ kind: task.kind, input: wireOf(task.input) });
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } finally {
    asked -= 1;
  }
}

/** Renders under way and waiting in the pool, for the metrics. */
export function renderPoolQueue(): { running: number; waiting: number } {
  const waiting = started?.queueSize ?? 0;
  return { running: asked - waiting, waiting };
}

/** Stops the threads (server stop, end of a script); the next render starts them again. */
export async function closeRenderPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  // A failed import was the render's error, not the stop's.
  const instance = await closing?.catch(() => undefined);
  if (started === instance) started = undefined;
  await instance?.destroy();
}
