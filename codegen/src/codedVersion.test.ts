// D41, issue 46: 2.0.0 of 45-50 stores a code where 1.4.0 stores an answer string, and says the
// same thing. Each answer set of the band (the fixtures, the clinical cases, written in codes) is
// read back answer by answer into 1.4.0's strings (the string at the code's place) and must give
// the same report, keep the same answers, and read the same words wherever a person reads one.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  catalogueOf,
  fieldsOf,
  normalize,
  reasonsLine,
  reportOf,
  type Answers,
  type Definition,
  type Report,
} from '@bilan/engine';
import { fixtureOf, loadClinicalCases } from '@bilan/fixtures';
import { loadDefinitions } from './loadDefinitions';
import { repoRoot } from './definitionsRoot';

const loaded = loadDefinitions(join(repoRoot, 'definitions'), repoRoot);
const versionOf = (version: string): Definition => {
  const found = loaded.definitions.find((d) => d.definition.id === 'bilan-45to50' && d.definition.version === version);
  if (!found) throw new Error(`bilan-45to50@${version} is missing`);
  return found.definition;
};
const strings = versionOf('1.4.0');
const coded = versionOf('2.0.0');

/** Answers of one version as another stores them: each answer replaced by the one at its place. */
function convert(answers: Answers, from: Definition, to: Definition): Answers {
  const before = fieldsOf(from);
  const after = fieldsOf(to);
  return Object.fromEntries(
    Object.entries(answers).map(([section, fields]) => [
      section,
      Object.fromEntries(
        Object.entries(fields).map(([key, value]) => {
          const was = before.get(key)?.options;
          const now = after.get(key)?.options;
          if (typeof value !== 'string' || !was || !now) return [key, value];
          const answer = now[was.indexOf(value)];
          if (answer === undefined) throw new Error(`${key}: nothing in its place for ${value}`);
          return [key, answer];
        }),
      ),
    ]),
  );
}
const recoded = (answers: Answers) => convert(answers, strings, coded);
const asStrings = (answers: Answers) => convert(answers, coded, strings);

/** What differs only by the typography 2.0.0 could give its labels (« 6 h »): no-break spaces. */
const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const cases = [
  ...['typical', 'full', 'report-priorities', 'report-quiet'].map((name) => ({
    name,
    answers: fixtureOf('45to50', name).expected.normalized as Answers,
    date: new Date('2026-11-26T11:00:00Z'),
    patient: { civility: 'Madame', birthDate: '1978-05-02' },
  })),
  ...loadClinicalCases()
    .filter((c) => c.band === '45to50')
    .map((c) => ({ name: c.name, answers: c.record.answers, date: c.record.date, patient: c.record.patient ?? null })),
];

describe('2.0.0 of 45-50 against 1.4.0 (D41)', () => {
  it('stores every single choice by code, checked sound', () => {
    const singles = [...fieldsOf(coded).values()].filter((f) => f.kind === 'single');
    expect(singles.length).toBeGreaterThan(30);
    for (const field of singles)
      expect(
        field.options?.every((o) => /^[a-z][A-Za-z0-9]*$/.test(o)),
        field.key,
      ).toBe(true);
    expect(loaded.problems).toEqual([]);
  });

  it('reads each code as 1.4.0 read its answer string, but for the typography of « 6 h »', () => {
    const before = catalogueOf(strings).fields;
    for (const [key, entry] of catalogueOf(coded).fields) {
      if (entry.kind !== 'single') continue;
      const was = [...(before.get(key)?.values?.values() ?? [])];
      const now = [...(entry.values?.values() ?? [])];
      expect(now.map(plainSpaces), key).toEqual(was.map(plainSpaces).map((l) => l.replace(/(\d)h\b/g, '$1 h')));
    }
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s: keeps the same answers and gives the same report', (_, c) => {
    const answers = c.answers;
    const before = normalize(strings, asStrings(answers));
    const after = normalize(coded, answers);
    expect(after.dropped).toEqual(before.dropped);
    expect(after.answers).toEqual(recoded(before.answers));
    const was = reportOf({ definition: strings, answers: asStrings(answers), date: c.date, patient: c.patient });
    const now = reportOf({ definition: coded, answers, date: c.date, patient: c.patient });
    // A reason holds the stored value; what Bilan.pdf prints of it is the line read through the catalogue.
    const read = (definition: Definition, report: Report) =>
      [...report.findings, ...report.due].map((f) => [f.id, plainSpaces(reasonsLine(definition, f.reasons))]);
    expect(now.findings.map((f) => [f.id, f.level])).toEqual(was.findings.map((f) => [f.id, f.level]));
    expect(read(coded, now)).toEqual(read(strings, was).map(([id, line]) => [id, line?.replace(/(\d)h\b/g, '$1 h')]));
    expect(now.due.map((d) => [d.id, d.status])).toEqual(was.due.map((d) => [d.id, d.status]));
    expect(now.scores).toEqual(was.scores);
    expect(now.context).toEqual(was.context);
  });
});
