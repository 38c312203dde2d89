import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers';
import type { FuzzStats } from './fuzz';
import { fuzzCreate, fuzzSavePage, fuzzSubmit } from './fuzzPatientTargets';

const RUNS = 1000;
// Fuzzing is slow by nature: a generous bound, not a speed check.
const TIMEOUT = 180_000;

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const count = (stats: FuzzStats, pred: (status: number) => boolean) =>
  Object.entries(stats.byStatus).reduce((n, [s, c]) => (pred(Number(s)) ? n + c : n), 0);

describe('fuzzing the patient write routes (no 5xx, JSON refusals, nothing stored on a refusal)', () => {
  it(`POST /api/utilisateur/create: ${RUNS} cases`, { timeout: TIMEOUT }, async () => {
    t = await buildTestApp();
    const stats = await fuzzCreate(t).run(RUNS);
    expect(stats.cases).toBe(RUNS);
    // The run reached the handler both ways: accounts were created and requests refused.
    expect(stats.byStatus[201] ?? 0).toBeGreaterThan(0);
    expect(count(stats, (s) => s >= 400 && s < 500)).toBeGreaterThan(RUNS / 2);
  });

  it(`PATCH /api/utilisateur/me/responses: ${RUNS} cases`, { timeout: TIMEOUT }, async () => {
    t = await buildTestApp();
    const stats = await (await fuzzSavePage(t)).run(RUNS);
    expect(stats.cases).toBe(RUNS);
    // Random section values are mostly refused by the schema; enough of them are accepted.
    expect(stats.byStatus[200] ?? 0).toBeGreaterThan(30);
    expect(stats.byStatus[422] ?? 0).toBeGreaterThan(0);
    expect(stats.byStatus[401] ?? 0).toBeGreaterThan(0);
  });

  it(
    `POST /api/utilisateur/me/submit: ${RUNS} cases, 20 of them over random stored answers`,
    { timeout: TIMEOUT },
    async () => {
      t = await buildTestApp();
      const stats = await (await fuzzSubmit(t, 20)).run(RUNS);
      expect(stats.cases).toBe(RUNS);
      expect(stats.byStatus[422] ?? 0).toBeGreaterThan(0);
      expect(stats.byStatus[401] ?? 0).toBeGreaterThan(0);
    },
  );
});
