/**
 * Rows read a moment ago, by key, each taken at most once and only within `lifeMs` of its read: the
 * patient guard's copy of a form serves the page save that follows it in the same request. A copy
 * is only a starting point (the write checks the row's version), and health data is not kept
 * longer than that: at most `most` rows, none older than `lifeMs`.
 */
export function recentCopies<T>(lifeMs = 5_000, most = 1_000) {
  const kept = new Map<number, { row: T; at: number }>();
  let sweep: NodeJS.Timeout | undefined;
  const dropExpired = () => {
    const oldest = performance.now() - lifeMs;
    // Insertion order is time order (keep deletes before it sets).
    for (const [key, copy] of kept) {
      if (copy.at > oldest) break;
      kept.delete(key);
    }
  };
  const scheduleSweep = () => {
    sweep = setTimeout(() => {
      dropExpired();
      sweep = undefined;
      if (kept.size > 0) scheduleSweep();
    }, lifeMs);
    // A server closing does not wait for it.
    sweep.unref();
  };
  return {
    keep(key: number, row: T): void {
      kept.delete(key);
      kept.set(key, { row, at: performance.now() });
      if (kept.size > most) kept.delete(kept.keys().next().value as number);
      if (!sweep) scheduleSweep();
    },
    take(key: number): T | undefined {
      const copy = kept.get(key);
      if (!copy) return undefined;
      kept.delete(key);
      return copy.at > performance.now() - lifeMs ? copy.row : undefined;
    },
  };
}
