// The end-to-end stack: the real API server (startServer) over a fresh SQLite file, a real SMTP
// sink on 127.0.0.1, the web app built by Vite and served by the API, and real Chromium.
// Shared by every e2e file (patient flows, site pages, accounts).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { startServer } from '@bilan/api/server';
import { startSmtpSink, type ReceivedMail } from '@bilan/api/testing';

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(webDir, '..');
const distDir = join(webDir, 'dist');
/** Where the end-to-end files leave their screenshots (artifacts/ is not committed). */
export const screenshotsDir = join(repoRoot, 'artifacts', 'screenshots');

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface SmtpInbox {
  messages: ReceivedMail[];
  /** Resolves with the first message matching, waiting up to timeoutMs (default 60 s). */
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
}

export interface Stack {
  baseUrl: string;
  smtp: SmtpInbox;
  dbFile: string;
  dataDir: string;
  browser: Browser;
  /** A page in a fresh browser context (own storage), French locale, given viewport. */
  newPage(viewport?: { width: number; height: number }, options?: BrowserContextOptions): Promise<Page>;
  close(): Promise<void>;
}

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Whether web/dist is newer than every source it is made of. */
function distIsFresh(): boolean {
  const sources = [
    join(webDir, 'src'),
    join(webDir, 'index.html'),
    join(webDir, 'vite.config.ts'),
    join(webDir, 'prerender.ts'),
    join(webDir, 'precompress.ts'),
    join(webDir, 'reactRouterForBrowser.ts'),
    join(repoRoot, 'codegen', 'generated'),
    join(repoRoot, 'definitions'),
    join(repoRoot, 'engine', 'src'),
  ];
  const built = join(distDir, 'index.html');
  return existsSync(built) && statSync(built).mtimeMs > Math.max(...sources.filter(existsSync).map(newestMtime));
}

/** A build older than this holds its lock no more (its test process died in the middle). */
const STALE_LOCK_MS = 10 * 60_000;

/**
 * Builds the web app once: skipped when web/dist is fresh. The test files run in several
 * processes at once, and on a clean clone every one of them finds no dist: one builds while the
 * others wait for its lock (a folder, made atomically), then find the dist fresh. Without it,
 * each removed and replaced the dist the others were serving, and pages asked for chunks that no
 * longer existed. The build goes to a temp folder first, then takes the place of the old one.
 */
export function buildWeb(): string {
  if (distIsFresh()) return distDir;
  const lock = join(webDir, '.dist-lock');
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS)
        rmSync(lock, { recursive: true, force: true });
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  try {
    if (distIsFresh()) return distDir;
    return buildInto();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function buildInto(): string {
  const out = mkdtempSync(join(webDir, '.dist-'));
  try {
    execFileSync(
      process.execPath,
      [
        join(webDir, 'node_modules', 'vite', 'bin', 'vite.js'),
        'build',
        '--outDir',
        out,
        '--emptyOutDir',
        '--logLevel',
        'warn',
      ],
      {
        cwd: webDir,
        // vitest sets NODE_ENV=test, which would make Vite bundle React's development build: the
        // tests must drive what ships, and `pnpm start` serves this dist afterwards.
        env: { ...process.env, NODE_ENV: 'production' },
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    rmSync(distDir, { recursive: true, force: true });
    renameSync(out, distDir);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  return distDir;
}

export interface StackOptions {
  /** Extra environment for the server (e.g. BOT_CHECK_PROVIDER). */
  env?: Record<string, string>;
}

/**
 * A private copy of the build for one stack: another test file may rebuild web/dist while this
 * server runs, and the static plugin would then miss the new file names.
 */
function snapshotWeb(target: string): string {
  for (let attempt = 0; ; attempt++) {
    try {
      buildWeb();
      cpSync(distDir, target, { recursive: true });
      return target;
    } catch (error) {
      // A concurrent build swaps the folder between rm and rename: try again shortly.
      if (attempt >= 5) throw error;
      rmSync(target, { recursive: true, force: true });
      execFileSync('sleep', ['1']);
    }
  }
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  mkdirSync(screenshotsDir, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'bilan-e2e-'));
  const webDist = snapshotWeb(join(dataDir, 'web'));
  const dbFile = join(dataDir, 'bilan.sqlite');
  const sink = await startSmtpSink();
  const server = await startServer({
    DATA_DIR: dataDir,
    DATABASE_FILE: dbFile,
    SMTP_URL: sink.url,
    WEB_DIST: webDist,
    PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_URL: 'http://127.0.0.1',
    // A light proof of work: the widget solves it in milliseconds, the check itself stays real.
    ALTCHA_MAX_NUMBER: '2000',
    ALTCHA_COST: '1',
    MAIL_POLL_MS: '100',
    LOG_LEVEL: 'warn',
    // The developer test screen's endpoints (POST /api/storeJson) are tested end to end too.
    DEV_TOOLS: '1',
    // Every suite of a file shares this server and its loopback address; the per-route limits stay on.
    RATE_LIMIT_PER_MINUTE: '100000',
    ...options.env,
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const baseUrl = server.url.replace(/\/$/, '');
  const smtp: SmtpInbox = {
    messages: sink.messages,
    // A mail leaves after its PDFs are rendered, behind the other journeys' on a loaded machine:
    // as long as the pages' own waits (60 s), not the 20 s that failed a demo journey that works.
    async waitFor(predicate, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = sink.messages.find(predicate);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`no matching mail after ${timeoutMs} ms (${sink.messages.length} received)`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
  return {
    baseUrl,
    smtp,
    dbFile,
    dataDir,
    browser,
    async newPage(viewport = { width: 1280, height: 900 }, contextOptions = {}) {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport,
        locale: 'fr-FR',
        timezoneId: 'Europe/Paris',
        ...contextOptions,
      });
      const page = await context.newPage();
      // A patient page rendered at build shows inert, under "Chargement…", until its code
      // replaces it with the live screen (web/prerender.ts): a person waits for that, and so does
      // every test that opens a page (one that waits only for the response checks what comes first).
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (options?.waitUntil !== 'commit') await page.waitForFunction(() => !document.querySelector('#root [inert]'));
        return response;
      };
      return page;
    },
    async close() {
      await browser.close().catch(() => undefined);
      await server.close();
      await sink.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The stack of one test file: started before its first test, closed after its last. Read it as
 * the Stack itself (`stack.baseUrl`); reading it outside a test, before it started, throws.
 */
export function stackForFile(options: StackOptions = {}): Stack {
  let current: Stack | undefined;
  beforeAll(async () => {
    current = await startStack(options);
  });
  afterAll(async () => {
    await current?.close();
  });
  return new Proxy({} as Stack, {
    get(_target, key) {
      if (!current) throw new Error('the end-to-end stack is read before it started (outside a test?)');
      return Reflect.get(current, key);
    },
  });
}
