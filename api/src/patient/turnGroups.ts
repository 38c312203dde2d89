/**
 * Collects the items added while earlier groups are being handled and hands them to `flush` as one
 * group: the first group leaves once the current turn's I/O callbacks have run (setImmediate), so
 * that the requests whose bodies arrived together share it; while `inFlight` groups are out (their
 * statements with the database), later items wait and leave together as soon as one comes back.
 * The busier the server, the larger the groups, and the fewer statements and commits per item.
 * `flush` answers each item itself and must not throw.
 */
export function turnGroups<T>(flush: (group: T[]) => Promise<void>, inFlight = 2): (item: T) => void {
  let pending: T[] = [];
  let out = 0;
  let scheduled = false;
  const run = () => {
    scheduled = false;
    if (pending.length === 0 || out >= inFlight) return;
    const group = pending;
    pending = [];
    out += 1;
    void flush(group).finally(() => {
      out -= 1;
      schedule();
    });
  };
  const schedule = () => {
    if (scheduled || pending.length === 0 || out >= inFlight) return;
    scheduled = true;
    setImmediate(run);
  };
  return (item) => {
    pending.push(item);
    schedule();
  };
}
