import { describe, expect, it } from 'vitest';
import { createFifoQueue } from './fifoQueue';

/** A job whose end the test decides, and which records when it starts. */
interface Gate<T> {
  job: () => Promise<T>;
  started: boolean;
  finish: (value: T) => void;
  fail: (err: Error) => void;
}

function gate<T>(onStart: () => void = () => {}): Gate<T> {
  let finish: (value: T) => void = () => {};
  let fail: (err: Error) => void = () => {};
  const g: Gate<T> = {
    started: false,
    job: () => {
      g.started = true;
      onStart();
      return new Promise<T>((resolve, reject) => {
        finish = resolve;
        fail = reject;
      });
    },
    finish: (value) => finish(value),
    fail: (err) => fail(err),
  };
  return g;
}

/** Lets every pending promise callback run (no clock involved: the next macrotask comes after them all). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('createFifoQueue', () => {
  it('starts jobs in the order they were queued, whatever order the running ones finish in', async () => {
    const queue = createFifoQueue(2);
    const starts: number[] = [];
    const gates = Array.from({ length: 6 }, (_, i) => gate<number>(() => starts.push(i)));
    const results = gates.map((g) => queue.run(g.job));
    await settle();
    expect(starts).toEqual([0, 1]);
    // The second job ends first: the third starts, not a later one.
    gates[1]?.finish(1);
    await settle();
    expect(starts).toEqual([0, 1, 2]);
    gates[0]?.finish(0);
    await settle();
    expect(starts).toEqual([0, 1, 2, 3]);
    gates[3]?.finish(3);
    gates[2]?.finish(2);
    await settle();
    expect(starts).toEqual([0, 1, 2, 3, 4, 5]);
    gates[5]?.finish(5);
    gates[4]?.finish(4);
    // Every caller gets its own job's result: nothing lost, nothing swapped.
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it.each([1, 2, 3])('never runs more than %i jobs at once', async (concurrency) => {
    const queue = createFifoQueue(concurrency);
    let running = 0;
    let most = 0;
    const gates = Array.from({ length: 10 }, () =>
      gate<void>(() => {
        running++;
        most = Math.max(most, running);
      }),
    );
    const finished = new Set<Gate<void>>();
    const results = gates.map((g) =>
      queue.run(async () => {
        await g.job();
        running--;
      }),
    );
    // Finish the running jobs one at a time, the newest first, until all have run.
    for (let left = gates.length; left > 0; left--) {
      await settle();
      expect(queue.running).toBe(Math.min(concurrency, left));
      expect(queue.waiting).toBe(left - queue.running);
      const newest = gates.findLast((g) => g.started && !finished.has(g));
      if (!newest) throw new Error('no job running');
      finished.add(newest);
      newest.finish();
    }
    await Promise.all(results);
    expect(most).toBe(concurrency);
    expect(queue.running).toBe(0);
    expect(queue.waiting).toBe(0);
  });

  it('lets the next jobs run after a job that rejects or throws', async () => {
    const queue = createFifoQueue(1);
    const first = gate<string>();
    const outcomes: string[] = [];
    const record = (p: Promise<string>) =>
      p.then(
        (v) => outcomes.push(`resolved ${v}`),
        (err: Error) => outcomes.push(`rejected ${err.message}`),
      );
    const all = Promise.all([
      record(queue.run(first.job)),
      record(
        queue.run((): Promise<string> => {
          throw new Error('thrown before any promise');
        }),
      ),
      record(queue.run(async () => 'after')),
    ]);
    await settle();
    first.fail(new Error('render failed'));
    await settle();
    // Checked before awaiting anything, so a blocked queue fails here instead of timing out.
    expect(outcomes).toEqual(['rejected render failed', 'rejected thrown before any promise', 'resolved after']);
    expect(queue.running).toBe(0);
    expect(queue.waiting).toBe(0);
    await all;
  });

  it('starts a job only when the scheduler runs it, keeping its slot meanwhile', async () => {
    const scheduled: (() => void)[] = [];
    const queue = createFifoQueue(1, (start) => scheduled.push(start));
    const a = gate<string>();
    const b = gate<string>();
    const results = Promise.all([queue.run(a.job), queue.run(b.job)]);
    await settle();
    expect([a.started, b.started, scheduled.length, queue.running, queue.waiting]).toEqual([false, false, 1, 1, 1]);
    scheduled[0]?.();
    expect([a.started, b.started]).toEqual([true, false]);
    a.finish('a');
    await settle();
    // B's turn has come, but it waits for the scheduler all the same.
    expect([b.started, scheduled.length, queue.running, queue.waiting]).toEqual([false, 2, 1, 0]);
    scheduled[1]?.();
    b.finish('b');
    expect(await results).toEqual(['a', 'b']);
  });

  it('refuses a concurrency that is not a positive integer', () => {
    expect(() => createFifoQueue(0)).toThrow(RangeError);
    expect(() => createFifoQueue(1.5)).toThrow(RangeError);
  });
});
