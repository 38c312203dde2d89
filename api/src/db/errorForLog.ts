/**
 * An error as the log keeps it: its type, message, code, stack and cause, never a value a query
 * was given. drizzle names a failed query's parameters in its message ("params: a@b.fr,…") and
 * keeps them on the error; PostgreSQL's `detail` and `where` may quote a row's values ("Key
 * (email)=(…) already exists"). With the database stopped under a login, an address reached the
 * log (issue 30).
 */
export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  /** PostgreSQL's: which constraint, table or column, never their values. */
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
  cause?: LoggedError;
}

/** A PostgreSQL message that quotes the value refused: `invalid input syntax for type bigint: "…"`. */
const QUOTED_VALUE = /(for type [\w ]+|for encoding "[\w-]+"): ".*"$/s;
/** What stands for a value, as the log's redaction writes it (server.ts). */
const MASKED = ': [masqué]';

function messageOf(error: Error & { query?: unknown; params?: unknown }): string {
  // drizzle's DrizzleQueryError: "Failed query: <SQL with $1 placeholders>\nparams: <the values>".
  if (typeof error.query === 'string' && 'params' in error) return `Failed query: ${error.query}`;
  return error.message
    .replace(/\nparams: [\s\S]*$/, '')
    .replace(QUOTED_VALUE, (_value, type: string) => `${type}${MASKED}`);
}

const textOf = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);

/** pino's `err` serializer (server.ts): every error a log line carries under `err`. */
export function errorForLog(value: Error): LoggedError {
  return loggable(value, 0);
}

function loggable(value: Error, depth: number): LoggedError {
  const error = value as Error & Record<string, unknown>;
  const type = error.constructor?.name ?? error.name;
  const message = messageOf(error);
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const logged: LoggedError = { type, message, stack: [[type, message].join(': '), ...frames].join('\n') };
  for (const key of ['code', 'constraint', 'table', 'column', 'routine'] as const) {
    const text = textOf(error[key]);
    if (text !== undefined) logged[key] = text;
  }
  if (error.cause instanceof Error && depth < 3) logged.cause = loggable(error.cause, depth + 1);
  return logged;
}
