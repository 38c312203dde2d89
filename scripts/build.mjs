// pnpm build: the web app (Vite) and the api bundled by esbuild, so that `pnpm start` runs plain
// `node` with no TypeScript, tsx or Vite in the production process.
//
// By default it makes a release: a new folder `releases/<date>-<commit>` holding the bundle, its
// migrations, the web app and the api's production packages (pnpm deploy), then switches the
// `releases/current` link to it in one rename. A server running from the previous release keeps
// reading its own files (its PDF worker threads, its web pages) while the next one is built; the
// previous release stays for a rollback (`pnpm release:rollback`); older ones are removed.
// `--api-only` skips the web app; `--releases <folder>` builds releases elsewhere (tests);
// `--outdir api/<name>` only bundles the api there, in the checkout (tests and the bench that
// start the built server).
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const apiOnly = process.argv.includes('--api-only');
const option = (name) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
/** Releases kept: the current one, the previous one (rollback), and one before it. */
const KEEP = 3;

// The generated package is written from the definitions, never committed (codegen/README.md).
const codegen = spawnSync('node', [join(root, 'scripts', 'codegen.mjs')], { cwd: root, stdio: 'inherit' });
if (codegen.status !== 0) process.exit(codegen.status ?? 1);

if (!apiOnly) {
  const web = spawnSync('pnpm', ['--filter', '@bilan/web', 'build'], { cwd: root, stdio: 'inherit' });
  if (web.status !== 0) process.exit(web.status ?? 1);
}

// Our workspace packages (TypeScript sources) go into the bundle; npm packages stay in
// node_modules, where `pnpm install --prod` puts them (better-sqlite3 is native, pdfmake reads
// its fonts from its own folder), but drizzle-orm: Node parsed its package.json's exports map
// (180 KB) again for each of the hundred-odd files of it the server imports, half the CPU of a
// start (1.7-2.5 s to the first answer on a busy two-core machine, 1.25 s bundled).
const BUNDLED = new Set(['drizzle-orm']);
const api = JSON.parse(readFileSync(join(root, 'api', 'package.json'), 'utf8'));
const external = Object.keys(api.dependencies).filter((name) => !name.startsWith('@bilan/') && !BUNDLED.has(name));
const outdirOption = option('--outdir');
const releases = resolve(root, option('--releases') ?? 'releases');
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' });
const builtAt = new Date();
const id = `${builtAt.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)}${commit.status === 0 ? `-${commit.stdout.trim()}` : ''}`;
const partial = join(releases, `.${id}.partial`);
// The output stays two levels under its root (the checkout, or the release): the server finds its
// web app and migrations from there.
const outdir = outdirOption ? join(root, 'api', outdirOption.replace(/^api\//, '')) : join(partial, 'api', 'dist');
rmSync(outdir, { recursive: true, force: true });
if (!outdirOption) {
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(releases, { recursive: true });
  // The api package with its production packages only, linked from pnpm's store: a release never
  // reads the checkout's node_modules, which the next `pnpm install` changes.
  const deploy = spawnSync(
    'pnpm',
    ['--filter', '@bilan/api', 'deploy', '--prod', '--prefer-offline', join(partial, 'api')],
    { cwd: root, encoding: 'utf8' },
  );
  if (deploy.status !== 0) {
    console.error(deploy.stdout, deploy.stderr);
    process.exit(deploy.status ?? 1);
  }
}
mkdirSync(outdir, { recursive: true });
await build({
  absWorkingDir: root,
  entryPoints: {
    server: 'api/src/main.ts',
    'admin-create': 'api/scripts/adminCreate.ts',
    backup: 'api/scripts/backup.ts',
    restore: 'api/scripts/restore.ts',
    'move-to-postgres': 'api/scripts/moveToPostgres.ts',
    // The PDF worker threads load it by name beside the chunks (reports/renderPool.ts).
    renderWorker: 'api/src/reports/renderWorker.ts',
  },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  external,
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  // A bundled CommonJS helper may still call require(): give the ES module one.
  banner: {
    js: "import { createRequire as __bilanCreateRequire } from 'node:module'; const require = __bilanCreateRequire(import.meta.url);",
  },
});
// V8 keeps each module's source for as long as the process lives, at one byte a character unless
// the source holds one character past U+00FF: then the whole chunk takes two. esbuild escapes
// strings but copies regular expressions and kept comments as written, so say where.
for (const file of readdirSync(outdir).filter((name) => name.endsWith('.mjs'))) {
  const lines = readFileSync(join(outdir, file), 'utf8').split('\n');
  const at = lines.findIndex((line) => /[\u0100-\u{10ffff}]/u.test(line));
  if (at >= 0)
    console.warn(
      `${file}:${at + 1}: a character past U+00FF doubles the memory its source takes (write it as a \\u escape): ${lines[at]?.trim().slice(0, 120)}`,
    );
}
// Read beside the module that needs it (new URL('./commonPasswords.txt', import.meta.url)).
copyFileSync(join(root, 'api', 'src', 'accounts', 'commonPasswords.txt'), join(outdir, 'commonPasswords.txt'));
if (outdirOption) {
  console.log(`api → ${outdir}`);
  process.exit(0);
}

if (!apiOnly && existsSync(join(root, 'web', 'dist', 'index.html')))
  cpSync(join(root, 'web', 'dist'), join(partial, 'web', 'dist'), { recursive: true });
writeFileSync(
  join(partial, 'release.json'),
  `${JSON.stringify({ id, commit: commit.status === 0 ? commit.stdout.trim() : null, builtAt: builtAt.toISOString() }, null, 2)}\n`,
);
writeFileSync(
  join(partial, 'package.json'),
  `${JSON.stringify({ name: 'bilan-prevention-release', private: true, type: 'module' })}\n`,
);
renameSync(partial, join(releases, id));

// The switch: a new link renamed over `current`, so that it names the old release or the new one,
// never nothing.
const current = join(releases, 'current');
const previous = existsSync(current) ? readlinkSync(current) : null;
const link = join(releases, `.current-${process.pid}`);
rmSync(link, { force: true });
symlinkSync(id, link);
renameSync(link, current);

const kept = new Set([id, previous]);
const all = readdirSync(releases)
  .filter((name) => /^\d{8}-\d{6}/.test(name))
  .sort()
  .reverse();
for (const name of all.slice(KEEP)) if (!kept.has(name)) rmSync(join(releases, name), { recursive: true, force: true });
console.log(
  `release ${id} → ${current}${previous ? ` (précédente : ${previous}, pnpm release:rollback y revient)` : ''}`,
);
