// « Suivant » never waits for the network (issue 34): the figures of the browser phase
// (web/e2e/nextPageBench.ts, Chromium with 4× CPU slowdown and slow 4G) against their budgets.
import { measureNextPage } from '../../web/e2e/nextPageBench';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { serverEnv, startServerProcess } from '../../api/test/reliability/serverProcess';
import { notes, percentile, record, section } from './report';
import { webBuildForBench } from './patientJs';
import { BENCH_BUILD } from './system';

export async function nextPageFigures(baseUrl: string, rounds: number): Promise<void> {
  const { real, demo } = await measureNextPage(baseUrl, rounds);
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  record('nextPageDemoP95Ms', percentile(sorted(demo), 95));
  record('nextPageP95Ms', percentile(sorted(real), 95));
  record('nextPageMaxMs', Math.max(...real));
  notes.push(
    `« Suivant » → titre de la page suivante (CPU 4×, 4G lente) : ${real.length} mesures sur 4 tranches, médiane ${percentile(sorted(real), 50).toFixed(0)} ms (démo sans réseau : ${percentile(sorted(demo), 50).toFixed(0)} ms)`,
  );
}

/** Only the « Suivant » phase (`--next-page`): the web build served by the production build of the api. */
export async function nextPagePhase(dir: string, noBuild: boolean, quick: boolean): Promise<void> {
  section('« Suivant » dans Chromium : CPU 4× plus lent, 4G lente (émulation CDP), quatre pages par tranche');
  const web = webBuildForBench(noBuild);
  try {
    const pages = await startServerProcess(
      serverEnv(mkdtempSync(join(dir, 'next-page-')), { SEED_DEMO: '1', WEB_DIST: web.dist }),
      30_000,
      { keepOutput: false, built: BENCH_BUILD },
    );
    try {
      await nextPageFigures(pages.url.replace(/\/$/, ''), quick ? 1 : 2);
    } finally {
      await pages.kill('SIGTERM');
    }
  } finally {
    web.remove();
  }
}
