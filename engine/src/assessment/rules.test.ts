import { describe, expect, it } from 'vitest';
import type { Answers, BandCode } from '../definition';
import { bandDefinitions } from '../testing/testBands';
import { assess } from './assess';
import cases18to25 from './ruleCases/18to25.json';
import cases45to50 from './ruleCases/45to50.json';
import cases60to65 from './ruleCases/60to65.json';
import cases70to75 from './ruleCases/70to75.json';

interface RuleCase {
  context: { age: number };
  answers: Answers;
}
type Cases = Record<string, { fires: RuleCase; silent: RuleCase }>;

// For each rule of each band: an answer set that fires it, and a near miss that does not (the
// neighbouring answer string, the other side of an age or BMI bound, the box left unticked).
const casesByBand: Record<BandCode, Cases> = {
  '18to25': cases18to25 as unknown as Cases,
  '45to50': cases45to50 as unknown as Cases,
  '60to65': cases60to65 as unknown as Cases,
  '70to75': cases70to75 as unknown as Cases,
};

const firedIds = (band: BandCode, c: RuleCase) =>
  assess(bandDefinitions[band], c.answers, { age: c.context.age, today: '2026-01-15' }).findings.map((f) => f.id);

describe.each(Object.keys(casesByBand) as BandCode[])('report rules of %s', (band) => {
  const rules = bandDefinitions[band].assessment?.rules ?? [];
  const cases = casesByBand[band];

  it('has a case for every rule and no case for a rule that does not exist', () => {
    expect(rules.length).toBeGreaterThan(10);
    expect(Object.keys(cases).sort()).toEqual(rules.map((r) => r.id).sort());
  });

  it.each(rules.map((r) => r.id))('fires %s on its answer set and not on the near miss', (id) => {
    const c = cases[id];
    expect(c, `no case for ${id}`).toBeDefined();
    if (!c) return;
    expect(firedIds(band, c.fires)).toContain(id);
    expect(firedIds(band, c.silent)).not.toContain(id);
  });
});
