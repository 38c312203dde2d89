// The long fuzzing pass of `pnpm bench`: the reliability suite's fuzz targets, over inject.
import { buildTestApp } from '../../api/test/helpers';
import type { FuzzStats, FuzzTarget } from '../../api/test/reliability/fuzz';
import {
  fuzzInvitation,
  fuzzLogin,
  fuzzRegister,
  fuzzReset,
  fuzzVerify,
} from '../../api/test/reliability/fuzzAccountTargets';
import { fuzzCreate, fuzzSavePage, fuzzSubmit } from '../../api/test/reliability/fuzzPatientTargets';

/** Runs every write route's fuzz target `runs` times; answers how many routes failed. */
export async function fuzzAll(runs: number): Promise<number> {
  let failures = 0;
  const targets: ((t: Awaited<ReturnType<typeof buildTestApp>>) => FuzzTarget | Promise<FuzzTarget>)[] = [
    fuzzCreate,
    fuzzSavePage,
    (t) => fuzzSubmit(t, Math.min(100, Math.floor(runs / 10))),
    fuzzLogin,
    fuzzVerify,
    fuzzRegister,
    fuzzReset,
    fuzzInvitation,
  ];
  for (const make of targets) {
    const t = await buildTestApp();
    const t0 = Date.now();
    let stats: FuzzStats | undefined;
    let route = '?';
    try {
      const target = await make(t);
      route = target.route;
      stats = await target.run(runs);
      const statuses = Object.entries(stats.byStatus)
        .map(([s, n]) => `${s}×${n}`)
        .join(' ');
      console.log(
        `  ${route.padEnd(50)} ${String(stats.cases).padStart(6)} cas, ${((Date.now() - t0) / 1000).toFixed(1)} s, ${statuses}`,
      );
    } catch (err) {
      failures += 1;
      console.log(
        `  ${route.padEnd(50)} ÉCHEC : ${(err instanceof Error ? err.message : String(err)).split('\n').slice(0, 6).join(' | ')}`,
      );
    } finally {
      await t.close();
    }
  }
  return failures;
}
