/** Runs async jobs in the order they were queued, at most `concurrency` at a time. */
export interface FifoQueue {
  /**
   * Queues a job and settles as it settles. A job that throws or rejects fails only its own
   * caller: the next job starts all the same.
   */
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Jobs started and not yet settled. */
  readonly running: number;
  /** Jobs queued and not yet started. */
  readonly waiting: number;
}

/**
 * A first-in first-out queue with bounded concurrency. Written here rather than taken from a
 * package because it is a few lines and the PDF renders depend on its exact order: the oldest
 * job always starts first, so no caller waits behind jobs that arrived after it.
 *
 * `schedule` decides when a job whose turn has come actually starts (at once by default; its slot
 * is taken meanwhile). render.ts passes setImmediate: see why there.
 */
export function createFifoQueue(
  concurrency: number,
  schedule: (start: () => void) => void = (start) => start(),
): FifoQueue {
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new RangeError(`concurrency must be a positive integer, got ${concurrency}`);
  // Each entry starts one job; an array is enough for a few dozen waiting jobs.
  const waiting: (() => void)[] = [];
  let running = 0;

  function startNext(): void {
    while (running < concurrency) {
      const start = waiting.shift();
      if (!start) return;
      running++;
      schedule(start);
    }
  }

  return {
    run<T>(job: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        waiting.push(() => {
          let result: Promise<T>;
          try {
            result = job();
          } catch (err) {
            // A job that throws before returning its promise must free its slot too.
            result = Promise.reject(err);
          }
          Promise.resolve(result)
            .then(resolve, reject)
            .finally(() => {
              running--;
              startNext();
            });
        });
        startNext();
      });
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
