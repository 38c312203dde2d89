// D41, issue 46: 2.0.0 of a band stores a code where its 1.4.0 stores an answer string, and says
// the same thing. Each answer set of the band (the fixtures, the clinical cases, written in codes)
// is read back answer by answer into 1.4.0's strings (the string at the code's place) and must give
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
import { BANDS, loadClinicalCases, loadFixtures } from '@bilan/fixtures';
import { loadDefinitions } from './loadDefinitions';
import { repoRoot } from './definitionsRoot';

const loaded = loadDefinitions(join(repoRoot, 'definitions'), repoRoot);
const versionOf = (band: string, version: string): Definition | undefined =>
  loaded.definitions.find((d) => d.definition.id === `bilan-${band}` && d.definition.version === version)?.definition;

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

/** What differs only by the typography 2.0.0 could give its labels (« 6 h »): no-break spaces. */
const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const coded = BANDS.flatMap((band) => {
  const strings = versionOf(band, '1.4.0');
  const codes = versionOf(band, '2.0.0');
  return strings && codes ? [{ band, strings, coded: codes }] : [];
});

it('has a 2.0.0 to compare with 1.4.0', () => {
  expect(coded.map((c) => c.band)).toContain('45to50');
});

describe.each(coded)('2.0.0 of $band against 1.4.0 (D41)', ({ band, strings, coded }) => {
  const recoded = (answers: Answers) => convert(answers, strings, coded);
  const asStrings = (answers: Answers) => convert(answers, coded, strings);
  const cases = [
    ...loadFixtures(band)
      .filter((f) => f.name === 'typical' || f.name === 'full' || f.name.startsWith('report-'))
      .map((f) => ({
        name: f.name,
        answers: f.expected.normalized,
        date: new Date('2026-11-26T11:00:00Z'),
        // Two years past the band's first age, on the day of the report: inside the band.
        patient: { civility: 'Madame', birthDate: `${2026 - Number(band.slice(0, 2)) - 2}-05-02` },
      })),
    ...loadClinicalCases()
      .filter((c) => c.band === band)
      .map((c) => ({
        name: c.name,
        answers: c.record.answers,
        date: c.record.date,
        patient: c.record.patient ?? null,
      })),
  ];

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
