// The real server as a child process, for the tests that must kill it, restart it or read its
// log as an operator would: from the TypeScript source (tsx), or from the build `pnpm start` runs.
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { repoRoot } from '../../src/config';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr, in arrival order). */
  output(): string;
  /** Resolves with the exit code (or the signal name) once the process ended. */
  exited: Promise<number | string>;
  kill(signal: NodeJS.Signals): Promise<number | string>;
}

/** Environment for a test server: a data folder, loopback, an easy ALTCHA, fixed secrets. */
export function serverEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    DATABASE_FILE: join(dataDir, 'bilan.sqlite'),
    HOST: '127.0.0.1',
    PORT: '0',
    WEB_DIST: join(dataDir, 'no-web'),
    JWT_SECRET: 'reliability-jwt-secret-long-enough-0123456789',
    ALTCHA_HMAC_KEY: 'reliability-altcha-key-long-enough-0123456789',
    CODE_HASH_KEY: 'reliability-code-hash-key-long-enough-0123456',
    MAIL_ENCRYPTION_KEY: 'reliability-mail-key-long-enough-0123456789',
    SSN_ENCRYPTION_KEY: 'reliability-ssn-key-long-enough-01234567890',
    ALTCHA_MAX_NUMBER: '50',
    ALTCHA_COST: '1',
    // Development defaults (demo pharmacy, docs); a test of the production build says otherwise.
    NODE_ENV: 'development',
    // The legal pages' facts (D21): a production start refuses to run without them (issue 34).
    LEGAL_PUBLISHER_NAME: 'Bilan Prévention Essais SAS',
    LEGAL_PUBLISHER_ADDRESS: '1 rue des Essais, 75001 Paris',
    LEGAL_SIRET: '123 456 789 00012',
    LEGAL_DIRECTOR: 'Camille Essai',
    LEGAL_HOST_NAME: 'Hébergeur HDS Essais',
    LEGAL_HOST_ADDRESS: '2 rue des Serveurs, 59000 Lille',
    LEGAL_CONTACT_EMAIL: 'contact@bilan.test',
    ADMIN_PASSWORD: 'admin mot de passe fiable',
    DEMO_PHARMACY_PASSWORD: 'demo mot de passe fiable',
    MAIL_POLL_MS: '200',
    // Load runs send thousands of calls from loopback; the per-route limits stay on.
    RATE_LIMIT_PER_MINUTE: '10000000',
    // Load runs register hundreds of patients at the demo pharmacy within the hour.
    NEW_FORMS_PER_PHARMACY_HOUR: '10000000',
    ...extra,
  };
}

/**
 * Spawns the server and resolves once it listens (its info log line gives the address: LOG_LEVEL info or lower).
 * From the TypeScript source a start compiles the whole api first: on two cores shared with the
 * journeys' browsers it took over 30 s (two servers started at once), so a minute by default.
 */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
  options: {
    keepOutput?: boolean;
    /** A built entry (e.g. api/.dist-test/server.mjs, or an absolute path) run by plain node. */ built?: string;
    /** The process's working folder (the repository by default). */
    cwd?: string;
    /** Arguments after the entry (scripts/run.mjs's entry name). */
    args?: string[];
  } = {},
): Promise<ServerProcess> {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ'];
  const base = Object.fromEntries(
    keep.filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k] as string]),
  );
  const args = options.built
    ? [resolve(repoRoot, options.built), ...(options.args ?? [])]
    : ['--import', 'tsx', join(repoRoot, 'api/src/main.ts')];
  const child = spawn(process.execPath, args, {
    cwd: options.cwd ?? repoRoot,
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let listening = false;
  // A benchmark's request log would fill memory: keepOutput false stops recording once listening.
  const record = (c: Buffer) => {
    if (!listening || options.keepOutput !== false) out += c.toString('utf8');
  };
  child.stdout?.on('data', record);
  child.stderr?.on('data', record);
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in ${timeoutMs} ms:\n${out.slice(-2000)}`)),
      timeoutMs,
    );
    const look = () => {
      const m = /Bilan Prévention : (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m?.[1]) {
        listening = true;
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout?.on('data', look);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${out.slice(-2000)}`));
    });
  });
  return {
    url,
    child,
    output: () => out,
    exited,
    kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** The id of the demo pharmacy a running server seeded (SEED_DEMO), read as a patient's page reads it. */
export async function demoPharmacyId(baseUrl: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/clients/public/pharmacie-demo`);
  if (!res.ok) throw new Error(`pharmacie-demo: ${res.status}`);
  return ((await res.json()) as { client: { id: number } }).client.id;
}
