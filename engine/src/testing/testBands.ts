// The four real definitions, resolved, for tests that prove behaviour on the actual content
// (BMI thresholds, page order, every conditional question): `bandDefinitions` is the newest
// version of each band, what a new patient fills in; `firstBandDefinitions` is 1.0.0, for tests
// that prove forms stored in it still read as they did (D5).
import type { BandCode, Definition, DefinitionFile, Vocabularies } from '../definition';
import { resolveDefinition } from '../resolveDefinition';
import vocabularies from '@bilan/definitions/vocabularies.json';
import first18to25 from '@bilan/definitions/bilan-18to25/1.0.0.json';
import first45to50 from '@bilan/definitions/bilan-45to50/1.0.0.json';
import first60to65 from '@bilan/definitions/bilan-60to65/1.0.0.json';
import first70to75 from '@bilan/definitions/bilan-70to75/1.0.0.json';
import file18to25 from '@bilan/definitions/bilan-18to25/1.3.0.json';
import file45to50 from '@bilan/definitions/bilan-45to50/1.3.0.json';
import file60to65 from '@bilan/definitions/bilan-60to65/1.3.0.json';
import file70to75 from '@bilan/definitions/bilan-70to75/1.3.0.json';

function resolved(files: Record<BandCode, unknown>): Record<BandCode, Definition> {
  return Object.fromEntries(
    Object.entries(files).map(([band, file]) => [
      band,
      resolveDefinition(file as DefinitionFile, vocabularies as Vocabularies),
    ]),
  ) as Record<BandCode, Definition>;
}

export const bandDefinitions = resolved({
  '18to25': file18to25,
  '45to50': file45to50,
  '60to65': file60to65,
  '70to75': file70to75,
});

export const firstBandDefinitions = resolved({
  '18to25': first18to25,
  '45to50': first45to50,
  '60to65': first60to65,
  '70to75': first70to75,
});
