// « Suivant » never waits for the network (issue 34): the figures of the browser phase
// (web/e2e/nextPageBench.ts, Chromium with 4× CPU slowdown and slow 4G) against their budgets.
import { measureNextPage } from '../../web/e2e/nextPageBench';
import { notes, percentile, record } from './report';

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
