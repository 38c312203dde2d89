import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testDefinitionFile } from '@bilan/engine/testing';
import { definitionsCheck } from './definitionsCheck';
import { formatProblem, repoRoot } from './loadDefinitions';

const fixtureDir = (name: string) => join(repoRoot, 'fixtures/definitions-check', name);
const lines = (dir: string) => definitionsCheck(dir, repoRoot).map(formatProblem);

describe('definitionsCheck', () => {
  it('accepts the real definitions, 1.1.0 and 1.2.0 as compatible minor versions of 1.0.0', () => {
    expect(lines(join(repoRoot, 'definitions'))).toEqual([]);
  });

  it('refuses a minor version that removes an answer string and renames a field (D5), naming file and field', () => {
    expect(lines(fixtureDir('breaking'))).toEqual([
      expect.stringMatching(
        /^fixtures\/definitions-check\/breaking\/bilan-test\/1\.1\.0\.json: gender: answer string "Autre" of "gender" was removed: needs a new major version/,
      ),
      expect.stringMatching(
        /^fixtures\/definitions-check\/breaking\/bilan-test\/1\.1\.0\.json: children: field "children" of section "generalQuestions" was removed or renamed/,
      ),
    ]);
  });

  it('accepts a minor version that only adds a question', () => {
    expect(lines(fixtureDir('compatible'))).toEqual([]);
  });

  it('accepts the same removals in a new major version', () => {
    expect(lines(fixtureDir('major'))).toEqual([]);
  });

  it('refuses a condition on a missing field and a duplicated key, naming file and field', () => {
    expect(lines(fixtureDir('broken'))).toEqual([
      expect.stringMatching(
        /^fixtures\/definitions-check\/broken\/bilan-test\/1\.0\.0\.json: autre: condition "checked" names field "autre", which does not exist/,
      ),
      expect.stringMatching(
        /^fixtures\/definitions-check\/broken\/bilan-test\/1\.0\.0\.json: gender: duplicate key "gender"/,
      ),
    ]);
  });
});

describe('definitionsCheck on files written for the test', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function write(folder: string, name: string, content: unknown): void {
    mkdirSync(join(dir, folder), { recursive: true });
    writeFileSync(join(dir, folder, name), typeof content === 'string' ? content : JSON.stringify(content));
  }

  it('refuses what the meta-schema refuses, invalid JSON, a mismatched name and an unknown vocabulary', () => {
    dir = mkdtempSync(join(tmpdir(), 'definitions-check-'));
    write('bilan-test', '1.0.0.json', testDefinitionFile);
    write('bilan-bad', '1.0.0.json', { ...testDefinitionFile, id: 'bilan-bad', pages: [] });
    write('bilan-json', '1.0.0.json', '{ "id": ');
    write('bilan-name', '1.0.0.json', { ...testDefinitionFile, version: '1.0.1' });
    write('bilan-vocab', '1.0.0.json', {
      ...testDefinitionFile,
      id: 'bilan-vocab',
      pages: testDefinitionFile.pages.map((p, i) =>
        i === 0 ? { ...p, items: [{ kind: 'single', key: 'q', label: 'Q ?', options: { vocabulary: 'nope' } }] } : p,
      ),
    });
    const problems = definitionsCheck(dir, dir).map(formatProblem);
    expect(problems).toEqual([
      expect.stringMatching(/^bilan-bad\/1\.0\.0\.json: \/pages must NOT have fewer than 1 items/),
      expect.stringMatching(/^bilan-json\/1\.0\.0\.json: invalid JSON/),
      expect.stringMatching(/^bilan-name\/1\.0\.0\.json: id "bilan-test" does not match its folder "bilan-name"/),
      expect.stringMatching(
        /^bilan-name\/1\.0\.0\.json: version "1\.0\.1" does not match its file name "1\.0\.0\.json"/,
      ),
      expect.stringMatching(/^bilan-vocab\/1\.0\.0\.json: q: unknown vocabulary "nope"/),
    ]);
  });

  it('still compares a new version that has other problems, so D5 is reported too', () => {
    dir = mkdtempSync(join(tmpdir(), 'definitions-check-'));
    write('bilan-test', '1.0.0.json', testDefinitionFile);
    write('bilan-test', '1.1.0.json', {
      ...testDefinitionFile,
      version: '1.1.0',
      pages: testDefinitionFile.pages.map((p, i) =>
        i === 0
          ? {
              ...p,
              items: p.items.map((item) =>
                item.key === 'gender'
                  ? { ...item, options: ['Homme', 'Femme'] }
                  : item.key === 'otherDisease'
                    ? { ...item, visibleWhen: { type: 'checked', field: 'ghost' } }
                    : item,
              ),
            }
          : p,
      ),
    });
    expect(definitionsCheck(dir, dir).map(formatProblem)).toEqual([
      expect.stringMatching(/^bilan-test\/1\.1\.0\.json: ghost: condition "checked" names field "ghost"/),
      expect.stringMatching(/^bilan-test\/1\.1\.0\.json: gender: answer string "Autre" of "gender" was removed/),
    ]);
  });

  it('refuses an exclusive option or a box condition naming a box or an answer that does not exist (D25)', () => {
    dir = mkdtempSync(join(tmpdir(), 'definitions-check-'));
    const broken = {
      ...testDefinitionFile,
      pages: testDefinitionFile.pages.map((p, i) =>
        i === 0
          ? {
              ...p,
              items: p.items.map((item) =>
                item.kind === 'checkboxes'
                  ? {
                      ...item,
                      boxes: item.boxes.map((b) =>
                        b.key === 'autres'
                          ? { ...b, visibleWhen: { type: 'equals', field: 'gender', value: 'Un homme' } }
                          : b,
                      ),
                      exclusive: [{ box: 'aucunes' }, { box: 'aucune', excludes: ['diabete', 'cancer'] }],
                    }
                  : item,
              ),
            }
          : p,
      ),
    };
    write('bilan-test', '1.0.0.json', broken);
    expect(definitionsCheck(dir, dir).map(formatProblem)).toEqual([
      expect.stringMatching(
        /^bilan-test\/1\.0\.0\.json: gender: condition "equals" compares "gender" with "Un homme", which is not one of its answer strings \(Homme \/ Femme \/ Autre\) \(at \/pages\/0\/items\/3\/boxes\/1\/visibleWhen\)$/,
      ),
      expect.stringMatching(
        /^bilan-test\/1\.0\.0\.json: aucunes: exclusive option of "diseases" names box "aucunes", which is not one of its boxes \(diabete, autres, aucune\) \(at \/pages\/0\/items\/3\/exclusive\/0\)$/,
      ),
      expect.stringMatching(/^bilan-test\/1\.0\.0\.json: cancer: exclusive option of "diseases" names box "cancer"/),
    ]);
  });

  it('refuses what the meta-schema refuses in the new items: a heading without text, an exclusive option without its box', () => {
    dir = mkdtempSync(join(tmpdir(), 'definitions-check-'));
    write('bilan-test', '1.0.0.json', {
      ...testDefinitionFile,
      pages: testDefinitionFile.pages.map((p, i) =>
        i === 0
          ? {
              ...p,
              items: [
                ...p.items,
                { kind: 'heading', key: 'empty' },
                {
                  kind: 'checkboxes',
                  key: 'g',
                  label: 'G',
                  boxes: [{ key: 'x', label: 'X' }],
                  exclusive: [{ excludes: ['x'] }],
                },
              ],
            }
          : p,
      ),
    });
    const problems = definitionsCheck(dir, dir).map(formatProblem);
    expect(problems.some((line) => /\/pages\/0\/items\/6 must have required property 'text'/.test(line))).toBe(true);
    expect(
      problems.some((line) => /\/pages\/0\/items\/7\/exclusive\/0 must have required property 'box'/.test(line)),
    ).toBe(true);
  });

  it('tells a content editor a typography fault: file, field, what to write and where (the stored answer strings are not checked, their labels are)', () => {
    dir = mkdtempSync(join(tmpdir(), 'definitions-check-'));
    write('bilan-test', '1.0.0.json', {
      ...testDefinitionFile,
      pages: testDefinitionFile.pages.map((p, i) =>
        i === 0
          ? {
              ...p,
              items: p.items.map((item) =>
                item.key === 'gender'
                  ? { ...item, label: "Vous êtes d'où ?", options: ["J'habite ici", 'Ailleurs'] }
                  : item,
              ),
            }
          : p,
      ),
    });
    expect(definitionsCheck(dir, dir).map(formatProblem)).toEqual([
      'bilan-test/1.0.0.json: gender: typography: straight apostrophe: write ’ (U+2019), in "Vous·êtes·d\'où·?" (at /pages/0/items/0/label)',
      'bilan-test/1.0.0.json: gender: typography: an ordinary space before "?": write a no-break space (U+00A0), in "…s·êtes·d\'où·?" (at /pages/0/items/0/label)',
    ]);
  });

  it('refuses a rule without a source, or whose source has no date or an unreal one (issue 16), naming file, rule and where', () => {
    dir = mkdtempSync(join(tmpdir(), 'definitions-check-'));
    const source = {
      body: 'Haute Autorité de santé (HAS)',
      document: 'Un texte public',
      date: '2025-05-13',
      checked: '2025-05-13',
    };
    const rule = {
      id: 'a-rule',
      theme: 'social',
      level: 'attention',
      when: { type: 'checked', field: 'diabete' },
      title: 'Titre',
      advice: 'Conseil.',
      source,
    };
    const { date: _date, ...undated } = source;
    write('bilan-test', '1.0.0.json', {
      ...testDefinitionFile,
      assessment: {
        rules: [
          rule,
          { ...rule, id: 'no-date', source: undated },
          { ...rule, id: 'bad-date', source: { ...source, date: '2025-02-30' } },
          { id: 'no-source', theme: 'social', level: 'attention', when: rule.when, title: 'T', advice: 'A.' },
        ],
        due: [
          {
            id: 'a-due',
            theme: 'vaccinations',
            title: 'Rappel',
            schedule: 'à 65\u00a0ans',
            appliesWhen: { type: 'compare', field: '$age', op: 'gte', value: 65 },
            source: undated,
          },
        ],
      },
    });
    const problems = definitionsCheck(dir, dir).map(formatProblem);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^bilan-test\/1\.0\.0\.json: .*\/assessment\/rules\/1\/source must have required property 'date'/,
        ),
        expect.stringMatching(
          /^bilan-test\/1\.0\.0\.json: .*\/assessment\/rules\/3 must have required property 'source'/,
        ),
        expect.stringMatching(
          /^bilan-test\/1\.0\.0\.json: .*\/assessment\/due\/0\/source must have required property 'date'/,
        ),
      ]),
    );
    expect(problems.join('\n')).not.toMatch(/rules\/0\b/);
    // A date of the right shape but not in the calendar passes the schema's pattern: the engine's check refuses it.
    write('bilan-test', '1.0.0.json', {
      ...testDefinitionFile,
      assessment: { rules: [rule, { ...rule, id: 'bad-date', source: { ...source, date: '2025-02-30' } }] },
    });
    // (The questions this small report leaves unread are newestVersionChecks.test.ts's concern.)
    const unread = /neither read by the report/;
    expect(
      definitionsCheck(dir, dir)
        .map(formatProblem)
        .filter((line) => !unread.test(line)),
    ).toEqual([
      expect.stringMatching(
        /^bilan-test\/1\.0\.0\.json: .*the source's date is required, as "YYYY", "YYYY-MM" or "YYYY-MM-DD" \(a real date\) \(given: "2025-02-30"\) \(at \/assessment\/rules\/1\/source\/date\)$/,
      ),
    ]);
  });

  it('keeps the engine test definition valid against the meta-schema', () => {
    dir = mkdtempSync(join(tmpdir(), 'definitions-check-'));
    writeFileSync(join(dir, 'vocabularies.json'), readFileSync(join(repoRoot, 'definitions/vocabularies.json')));
    write('bilan-test', '1.0.0.json', testDefinitionFile);
    expect(definitionsCheck(dir, dir)).toEqual([]);
  });
});
