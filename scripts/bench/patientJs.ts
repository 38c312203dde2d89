// The JavaScript the patient flow loads first, gzipped, from a fresh build of the web app.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { firstLoadOf } from '../../web/scripts/firstLoad';
import { root } from './report';

/**
 * The web app as the bench measures it: a fresh build in a temporary folder (the JavaScript sizes
 * and the pages Lighthouse loads come from the same one), or `web/dist` as it is with --no-build.
 */
export function webBuildForBench(noBuild: boolean): { dist: string; remove: () => void } {
  if (noBuild) return { dist: join(root, 'web/dist'), remove: () => {} };
  const dist = mkdtempSync(join(tmpdir(), 'bilan-web-'));
  const r = spawnSync(
    'pnpm',
    ['--filter', '@bilan/web', 'exec', 'vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit' },
  );
  if (r.status !== 0) throw new Error('web build failed');
  return { dist, remove: () => rmSync(dist, { recursive: true, force: true }) };
}

/**
 * The JavaScript of the first patient screen (/{pharmacyName}/userform), measured as
 * `pnpm --filter @bilan/web bundle-size` measures it (web/scripts/firstLoad.ts).
 */
export function patientJs(dist: string): {
  files: string[];
  gzipBytes: number;
  rawBytes: number;
  questionGzipBytes: number;
} {
  const load = firstLoadOf(dist);
  const size = load.sizeOf(load.firstKeys);
  const question = load.sizeOf(load.questionKeys);
  return {
    files: size.files.map((f) => basename(f)).sort(),
    gzipBytes: size.gzip,
    rawBytes: size.raw,
    questionGzipBytes: question.gzip,
  };
}
