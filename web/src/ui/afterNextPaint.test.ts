// What waits for the paint runs after every callback of the next frame, even one asked for later
// (the frame's own work), and not at all once cancelled.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './afterNextPaint';

beforeEach(() =>
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'] }),
);
afterEach(() => vi.useRealTimers());

describe('afterNextPaint', () => {
  it('runs after the next frame’s callbacks, in a task of its own', () => {
    const order: string[] = [];
    afterNextPaint(() => order.push('after the paint'));
    requestAnimationFrame(() => order.push('frame'));
    expect(order).toEqual([]);
    vi.runAllTimers();
    expect(order).toEqual(['frame', 'after the paint']);
  });

  it('does nothing once cancelled, before the frame or between the frame and its task', () => {
    const work = vi.fn();
    afterNextPaint(work)();
    const cancel = afterNextPaint(work);
    requestAnimationFrame(() => cancel());
    vi.runAllTimers();
    expect(work).not.toHaveBeenCalled();
  });
});
