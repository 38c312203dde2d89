// The JavaScript the patient flow loads first, gzipped, from a fresh build of the web app.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { firstLoadOf } from '../../web/scripts/firstLoad';
import { root } from './report';

/**
 * The JavaScript of the first patient screen (/{pharmacyName}/userform), measured as
 * `pnpm --filter @bilan/web bundle-size` measures it (web/scripts/firstLoad.ts).
 */
export function patientJs(noBuild: boolean): { files: string[]; gzipBytes: number; rawBytes: number; questionGzipBytes: number } {
  let dist = join(root, 'web/dist');
  if (!noBuild) {
    dist = mkdtempSync(join(tmpdir(), 'bilan-web-'));
    const r = spawnSync('pnpm', ['--filter', '@bilan/web', 'exec', 'vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('web build failed');
  }
  try {
    const load = firstLoadOf(dist);
    const size = load.sizeOf(load.firstKeys);
    const question = load.sizeOf(load.questionKeys);
    return { files: size.files.map((f) => basename(f)).sort(), gzipBytes: size.gzip, rawBytes: size.raw, questionGzipBytes: question.gzip };
  } finally {
    if (!noBuild) rmSync(dist, { recursive: true, force: true });
  }
}
