import { sql, type SQL } from 'drizzle-orm';
import type { Store as DataStore, StoreDb } from '../db/store';

interface Count {
  current: number;
  ttl: number;
}
type Done = (error: Error | null, count: Count) => void;

/**
 * What @fastify/rate-limit gives a store's `child` at run time: the route's merged limit options,
 * with the route under `routeInfo` (its types describe the route options themselves).
 */
interface RouteLimit {
  routeInfo?: { method?: string | string[]; url?: string };
}

/** The store interface of @fastify/rate-limit (its LocalStore's, with `read`). */
interface LimitStore {
  incr(key: string, done: Done, timeWindow: number, max: number): void;
  read(key: string, done: Done, timeWindow: number): void;
  child(route: object): LimitStore;
}

/** One call counted: a new window, or one more in the current one (SQL both databases run). */
const upsert = (
  key: string,
  now: number,
  window: number,
) => sql`INSERT INTO rate_limits (key, window_start_ms, count) VALUES (${key}, ${now}, 1)
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN rate_limits.window_start_ms + ${window} <= ${now} THEN 1 ELSE rate_limits.count + 1 END,
    window_start_ms = CASE WHEN rate_limits.window_start_ms + ${window} <= ${now} THEN ${now} ELSE rate_limits.window_start_ms END
  RETURNING count, window_start_ms AS start`;

/**
 * Counts one more event under `key` in a window of `windowMs` (the same table and statement as the
 * routes' limits, so that every server on the database shares the count): how many so far in
 * the current window, this one included.
 */
export async function countInWindow(
  database: DataStore,
  key: string,
  windowMs: number,
  now: number,
  tx?: StoreDb,
): Promise<number> {
  const [row] = await database.rows<{ count: number }>(upsert(key, now, windowMs), tx);
  return Number(row?.count ?? 1);
}

/** LIKE's wildcard for any rest of a key. */
const LIKE_ANY = '%';

/**
 * A sliding count over the same table: the events counted under keys that start with `prefix`
 * (one key per minute, `countInWindow` with a window longer than `windowMs`) whose minute began
 * within the last `windowMs`. Rows are never deleted with what they counted, so an event stays
 * counted when its subject is erased (the retention purge forgets them after a day).
 */
export async function sumOfMinutes(
  database: DataStore,
  prefix: string,
  windowMs: number,
  now: number,
  tx?: StoreDb,
): Promise<number> {
  // LIKE's wildcards in the prefix would count other keys: the prefixes are ours, without them.
  const [row] = await database.rows<{ n: number | string | null }>(
    sql`SELECT sum(count) AS n FROM rate_limits WHERE key LIKE ${prefix + LIKE_ANY} AND window_start_ms > ${now - windowMs}`,
    tx,
  );
  return Number(row?.n ?? 0);
}

/** No call counted. */
const none = (): Count => ({ current: 0, ttl: 0 });

/** A count that started at `start`, as the limiter sees it at `now`: nothing once its window is over. */
function inWindow(current: number, start: number, timeWindow: number, now: number): Count {
  return start + timeWindow <= now ? none() : { current, ttl: start + timeWindow - now };
}

/**
 * A route's own limit (login, sign-up, bot check, e-mails, PDFs: a few calls a minute per
 * address) counted in the database, in one statement per call: every server on the database
 * shares the count, and a restart does not reset it.
 */
class DatabaseCounter implements LimitStore {
  constructor(
    private readonly database: () => DataStore,
    private readonly prefix: string,
    private readonly now: () => number,
  ) {}

  incr(key: string, done: Done, timeWindow: number): void {
    const now = this.now();
    this.answer(
      upsert(this.prefix + key, now, timeWindow),
      timeWindow,
      now,
      done,
      new Error('rate_limits: the counted row was not returned'),
    );
  }

  read(key: string, done: Done, timeWindow: number): void {
    const now = this.now();
    this.answer(
      sql`SELECT count, window_start_ms AS start FROM rate_limits WHERE key = ${this.prefix + key}`,
      timeWindow,
      now,
      done,
      none(),
    );
  }

  /**
   * Answers the limiter once with the count the statement returns, or `missing` when it returns
   * no row (read: nothing counted yet; incr: a fault). Counts are numbers on both databases (the
   * pg driver reads bigint as a number, db/postgres.ts).
   */
  private answer(query: SQL, timeWindow: number, now: number, done: Done, missing: Count | Error): void {
    this.database()
      .rows<{ count: number; start: number }>(query)
      .then(([row]) => {
        if (row) return done(null, inWindow(row.count, row.start, timeWindow, now));
        if (missing instanceof Error) throw missing;
        done(null, missing);
      })
      .catch((error: unknown) => done(error as Error, none()));
  }

  child(route: object): LimitStore {
    return new DatabaseCounter(this.database, routePrefix(route as RouteLimit), this.now);
  }
}

/** Routes count apart: `POST /api/auth/login|<address>`. */
function routePrefix(route: RouteLimit): string {
  const method = route.routeInfo?.method;
  return `${Array.isArray(method) ? method.join(',') : (method ?? '')} ${route.routeInfo?.url ?? ''}|`;
}

/**
 * The global limit of the routes without one of their own (RATE_LIMIT_PER_MINUTE) counts in each
 * server's memory: a database write on every page save would cost most of their rate. With N
 * servers, an address may make N times that many calls; the tight limits are the routes' own.
 */
class MemoryCounter implements LimitStore {
  private readonly counts = new Map<string, { current: number; start: number }>();

  constructor(
    private readonly database: () => DataStore,
    private readonly now: () => number,
    private readonly capacity = 10_000,
  ) {}

  incr(key: string, done: Done, timeWindow: number): void {
    const now = this.now();
    let entry = this.counts.get(key);
    if (!entry || entry.start + timeWindow <= now) {
      entry = { current: 0, start: now };
      // The oldest address goes first when too many are counted at once (Map keeps insertion order).
      if (this.counts.size >= this.capacity) this.counts.delete(this.counts.keys().next().value as string);
    }
    this.counts.delete(key);
    entry.current += 1;
    this.counts.set(key, entry);
    done(null, inWindow(entry.current, entry.start, timeWindow, now));
  }

  read(key: string, done: Done, timeWindow: number): void {
    const entry = this.counts.get(key);
    const now = this.now();
    done(null, entry ? inWindow(entry.current, entry.start, timeWindow, now) : none());
  }

  child(route: object): LimitStore {
    return new DatabaseCounter(this.database, routePrefix(route as RouteLimit), this.now);
  }
}

/**
 * The `store` option of @fastify/rate-limit (a class it builds once): routes' own limits in the
 * database (shared by every server), the global one in memory. `database` is read at the first
 * call: the database plugin opens it after the security plugin registers the limiter.
 */
export function rateLimitStore(database: () => DataStore, now: () => number = Date.now) {
  return class SharedLimits extends MemoryCounter {
    constructor() {
      super(database, now);
    }
  };
}
