// The JavaScript the patient flow loads first, gzipped, from a fresh build of the web app.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { notes, root } from './report';

/**
 * The JavaScript of the first patient screen (/{clientName}/userform): the entry chunk, the lazy
 * chunk of the registration page, and every chunk they import statically, each gzipped.
 */
export function patientJs(noBuild: boolean): { files: string[]; gzipBytes: number; rawBytes: number } {
  let dist = join(root, 'web/dist');
  if (!noBuild) {
    dist = mkdtempSync(join(tmpdir(), 'bilan-web-'));
    const r = spawnSync('pnpm', ['--filter', '@bilan/web', 'exec', 'vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('web build failed');
  }
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`${dist}/index.html missing (build the web app or drop --no-build)`);
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<script[^>]+src="\/assets\/([^"]+\.js)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/assets\/([^"]+\.js)"/g)].map((m) => m[1] as string);
  const assets = readdirSync(join(dist, 'assets'));
  const registration = assets.find((f) => /^RegistrationPage-[\w-]+\.js$/.test(f));
  if (registration) entries.push(registration);
  else notes.push('JavaScript du parcours patient : chunk RegistrationPage introuvable, entrée seule mesurée');
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(join(dist, 'assets', file))) return;
    seen.add(file);
    const code = readFileSync(join(dist, 'assets', file), 'utf8');
    // Static imports only (import … from "./x.js" and bare import "./x.js"); import("./x.js") is lazy.
    for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']\.\/([\w.-]+\.js)["']/g)) visit(m[1] as string);
  };
  for (const e of entries) visit(e);
  let gzipBytes = 0;
  let rawBytes = 0;
  for (const f of seen) {
    const content = readFileSync(join(dist, 'assets', f));
    rawBytes += content.length;
    gzipBytes += gzipSync(content).length;
  }
  if (!noBuild) rmSync(dist, { recursive: true, force: true });
  return { files: [...seen].sort(), gzipBytes, rawBytes };
}
