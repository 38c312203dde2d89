// The real definitions, for tests that prove behaviour on the actual content (BMI thresholds,
// page order, every conditional question), found through the registry over the generated
// package, as the product finds them, never by version or path: `bandDefinitions` is the newest
// published version of each band, what a new patient fills in; `firstBandDefinitions` the first
// one, for tests that prove forms stored in it still read as they did (D5). A version published
// tomorrow is the newest here without a line of code changing.
import { definitions } from '@bilan/generated/definitions';
import type { BandCode, Definition } from '../definition';
import { createRegistry } from '../registry';

const registry = createRegistry(definitions);
const codes = registry.bands.map((band) => band.code);

function byBand(pick: (band: BandCode) => Definition | undefined): Record<BandCode, Definition> {
  return Object.fromEntries(
    codes.map((code) => {
      const definition = pick(code);
      if (!definition) throw new Error(`no definition for band ${code}`);
      return [code, definition];
    }),
  ) as Record<BandCode, Definition>;
}

export const bandDefinitions = byBand((band) => registry.latest(band));

export const firstBandDefinitions = byBand((band) => registry.versions(band)[0]);
