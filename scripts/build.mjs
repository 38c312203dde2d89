// pnpm build: the web app (Vite) and the api bundled by esbuild into api/dist, so that
// `pnpm start` runs plain `node` with no TypeScript, tsx or Vite in the production process.
// `--api-only` skips the web app and `--outdir api/<name>` builds elsewhere (tests that start the
// built server need only the api, and must not replace an operator's api/dist).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const apiOnly = process.argv.includes('--api-only');

// The generated package is written from the definitions, never committed (codegen/README.md).
const codegen = spawnSync('node', [join(root, 'scripts', 'codegen.mjs')], { cwd: root, stdio: 'inherit' });
if (codegen.status !== 0) process.exit(codegen.status ?? 1);

if (!apiOnly) {
  const web = spawnSync('pnpm', ['--filter', '@bilan/web', 'build'], { cwd: root, stdio: 'inherit' });
  if (web.status !== 0) process.exit(web.status ?? 1);
}

// Our workspace packages (TypeScript sources) go into the bundle; npm packages stay in
// node_modules, where `pnpm install --prod` puts them (better-sqlite3 is native, pdfmake reads
// its fonts from its own folder).
const api = JSON.parse(readFileSync(join(root, 'api', 'package.json'), 'utf8'));
const external = Object.keys(api.dependencies).filter((name) => !name.startsWith('@bilan/'));
const outdirArg = process.argv.indexOf('--outdir');
// The output stays two levels under the root: the server finds the repository from there.
const outdir =
  outdirArg > 0 ? join(root, 'api', process.argv[outdirArg + 1].replace(/^api\//, '')) : join(root, 'api', 'dist');
rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });
await build({
  absWorkingDir: root,
  entryPoints: {
    server: 'api/src/main.ts',
    'admin-create': 'api/scripts/adminCreate.ts',
    backup: 'api/scripts/backup.ts',
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
console.log(`api → ${outdir}`);
