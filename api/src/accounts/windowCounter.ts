/**
 * Counts events per key over a sliding time window, in memory. The API runs as one process;
 * counters restart empty with it, which only ever loosens a limit for a short while.
 */
export class WindowCounter {
  private readonly events = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Events of this key inside the window. */
  count(key: string): number {
    return this.prune(key).length;
  }

  /** Records one event and returns the new count. */
  hit(key: string): number {
    const list = this.prune(key);
    list.push(this.now());
    this.events.set(key, list);
    this.sweep();
    return list.length;
  }

  /** Milliseconds until the oldest event of the key leaves the window (0 when none). */
  msUntilFree(key: string): number {
    const first = this.prune(key)[0];
    return first === undefined ? 0 : Math.max(0, first + this.windowMs - this.now());
  }

  clear(key: string): void {
    this.events.delete(key);
  }

  private prune(key: string): number[] {
    const limit = this.now() - this.windowMs;
    const list = (this.events.get(key) ?? []).filter((t) => t > limit);
    if (list.length === 0) this.events.delete(key);
    else this.events.set(key, list);
    return list;
  }

  // Keys nobody asks about again would otherwise stay forever.
  private sweep(): void {
    const now = this.now();
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const key of [...this.events.keys()]) this.prune(key);
  }
}
