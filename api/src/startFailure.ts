import { hostname } from 'node:os';
import { ConfigError } from './config';

/** A start that failed once the configuration was read: the error, with where the data is. */
export class StartError extends Error {
  constructor(
    override readonly cause: unknown,
    readonly context: { databaseFile: string; dataDir: string },
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'StartError';
  }
}

/** Why a start failed: a stable code, and what the operator reads (French, then English). */
export interface StartFailure {
  code: string;
  sentence: string;
  /** The process's exit status: 78 (EX_CONFIG) for a setting to fix, which systemd does not retry. */
  exitCode: number;
}

interface SystemError {
  code?: unknown;
  syscall?: unknown;
  address?: unknown;
  port?: unknown;
  path?: unknown;
}

/**
 * The failures an operator meets at start, each named by what to do. Anything else keeps its
 * message (never its stack: the JSON line says where it came from).
 */
export function startFailureOf(thrown: unknown): StartFailure {
  const context: { databaseFile?: string; dataDir?: string } = thrown instanceof StartError ? thrown.context : {};
  const err = thrown instanceof StartError ? thrown.cause : thrown;
  if (err instanceof ConfigError)
    return {
      code: 'invalid_configuration',
      sentence: err.message,
      exitCode: 78,
    };
  const e = (err ?? {}) as SystemError & { message?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : String(err);
  if (code === 'EADDRINUSE') {
    const port = typeof e.port === 'number' ? e.port : '';
    return {
      code: 'port_in_use',
      sentence: `Démarrage impossible : le port ${port} est déjà utilisé par un autre programme (PORT ou METRICS_PORT) ; arrêtez-le ou choisissez un autre port. (Start failed: port ${port} is already in use.)`,
      // Maybe the previous process still stopping: worth a few retries (the unit bounds them).
      exitCode: 1,
    };
  }
  if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT')
    return {
      code: 'database_corrupt',
      sentence: `Démarrage impossible : la base ${context.databaseFile ?? ''} est endommagée ou n’est pas une base SQLite ; restaurez la dernière sauvegarde (pnpm restore). (Start failed: the database file is corrupt or not SQLite.)`,
      exitCode: 1,
    };
  if (
    code === 'EACCES' ||
    code === 'EPERM' ||
    code === 'EROFS' ||
    code === 'SQLITE_READONLY' ||
    code === 'SQLITE_CANTOPEN' ||
    code.startsWith('SQLITE_READONLY_') ||
    code.startsWith('SQLITE_CANTOPEN_')
  ) {
    const where = typeof e.path === 'string' ? e.path : (context.dataDir ?? '');
    return {
      code: 'data_folder_not_writable',
      sentence: `Démarrage impossible : le dossier de données ${where} n’est pas accessible en écriture pour cet utilisateur (lecture seule, droits) ; corrigez ses droits ou DATA_DIR. (Start failed: the data folder is not writable.)`,
      exitCode: 78,
    };
  }
  if (code === 'ENOSPC' || code === 'SQLITE_FULL')
    return {
      code: 'disk_full',
      sentence: `Démarrage impossible : le disque des données est plein ; libérez de la place. (Start failed: the disk is full.)`,
      exitCode: 1,
    };
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'ETIMEDOUT' || code === '28P01' || code === '3D000')
    return {
      code: 'database_unreachable',
      sentence: `Démarrage impossible : la base PostgreSQL de DATABASE_URL ne répond pas ou refuse la connexion (${code}). (Start failed: the PostgreSQL server cannot be reached.)`,
      exitCode: 1,
    };
  return {
    code: 'start_failed',
    sentence: `Démarrage impossible : ${message} (start failed)`,
    exitCode: 1,
  };
}

/**
 * Prints a failed start as an operator needs it: one JSON line for the log collector (pino's
 * shape, level fatal, no stack), then one sentence on standard error.
 */
export function reportStartFailure(failure: StartFailure, thrown: unknown): void {
  const err = thrown instanceof StartError ? thrown.cause : thrown;
  const e = (err ?? {}) as SystemError;
  const line = {
    level: 60,
    time: Date.now(),
    pid: process.pid,
    hostname: hostname(),
    code: failure.code,
    ...(typeof e.code === 'string' ? { cause: e.code } : {}),
    ...(err instanceof ConfigError ? { problems: err.problems } : {}),
    msg: 'démarrage impossible',
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
  process.stderr.write(`${failure.sentence}\n`);
}
