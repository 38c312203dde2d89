import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { codedTestDefinitionFile, codedTestVocabularies, testDefinitionFile } from '@bilan/engine/testing';
import { definitionsCheck } from './definitionsCheck';
import { repoRoot } from './definitionsRoot';
import { formatProblem } from './messages/problem';

/** The no-break space of French typography, before : ; ? and inside « ». */
const N = '\u00a0';
const fixtureDir = (name: string) => join(repoRoot, 'fixtures/definitions-check', name);
const lines = (dir: string) => definitionsCheck(dir, repoRoot).map(formatProblem);

describe('definitionsCheck', () => {
  it(
    'accepts the real definitions: every version compatible with every later one, and as published',
    { timeout: 30_000 },
    () => {
      expect(lines(join(repoRoot, 'definitions'))).toEqual([]);
    },
  );

  it('refuses a minor version that removes an answer string and renames a field (D5), naming file and field', () => {
    const major = `annulez ce changement, ou faites de ce brouillon une version majeure${N}: renommez-le 2.0.0.json (et sa version)`;
    expect(lines(fixtureDir('breaking'))).toEqual([
      `fixtures/definitions-check/breaking/bilan-test/1.1.0.json:20:9: gender${N}: réponse «${N}Autre${N}» supprimée ou renommée, or des questionnaires remplis en 1.0.0 l’ont (D5)${N}; ${major}`,
      `fixtures/definitions-check/breaking/bilan-test/1.1.0.json:13:5: children${N}: question supprimée ou renommée (section generalQuestions), or des questionnaires remplis en 1.0.0 l’ont (D5)${N}; ${major}`,
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
      `fixtures/definitions-check/broken/bilan-test/1.0.0.json:55:22: otherDisease${N}: condition sur autre${N}: question inconnue${N}; vouliez-vous dire autres${N}?`,
      `fixtures/definitions-check/broken/bilan-test/1.0.0.json:75:18: gender${N}: clé gender en double (la première est ligne 22)`,
    ]);
  });
});

describe('definitionsCheck on files written for the test', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function write(folder: string, name: string, content: unknown): void {
    mkdirSync(join(dir, folder), { recursive: true });
    writeFileSync(join(dir, folder, name), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
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
      'bilan-bad/1.0.0.json:11:12: liste trop courte (au moins 1)',
      `bilan-json/1.0.0.json:1:1: JSON mal formé${N}: Unexpected end of input found.`,
      `bilan-name/1.0.0.json:2:9: id bilan-test${N}: il doit être le nom de son dossier, bilan-name`,
      `bilan-name/1.0.0.json:3:14: version 1.0.1${N}: elle doit être le nom du fichier, 1.0.0`,
      expect.stringMatching(
        /^bilan-vocab\/1\.0\.0\.json:24:27: q\u00a0: vocabulaire nope inconnu de .*vocabularies\.json$/,
      ),
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
      `bilan-test/1.1.0.json:72:22: otherDisease${N}: condition sur ghost${N}: question inconnue`,
      expect.stringMatching(
        /^bilan-test\/1\.1\.0\.json:19:9: gender\u00a0: réponse «\u00a0Autre\u00a0» supprimée ou renommée, or des questionnaires remplis en 1\.0\.0 l’ont \(D5\)/,
      ),
    ]);
  });

  it('from 2.0.0, refuses an answer without a code and a code gone in a later version of the major (D41, D5)', () => {
    dir = mkdtempSync(join(tmpdir(), 'definitions-check-'));
    write('.', 'vocabularies.json', codedTestVocabularies);
    const withGender = (options: unknown) => ({
      ...codedTestDefinitionFile,
      version: '2.1.0',
      pages: codedTestDefinitionFile.pages.map((p) => ({
        ...p,
        items: p.items.map((item) => (item.key === 'gender' ? { ...item, options } : item)),
      })),
    });
    write('bilan-test', '2.0.0.json', codedTestDefinitionFile);
    write(
      'bilan-test',
      '2.1.0.json',
      withGender([
        { code: 'male', label: 'Un homme' },
        { code: 'female', label: 'Une femme' },
      ]),
    );
    expect(definitionsCheck(dir, dir).map(formatProblem)).toEqual([
      expect.stringMatching(
        /^bilan-test\/2\.1\.0\.json:\d+:\d+: gender\u00a0: réponse «\u00a0other\u00a0» supprimée ou renommée, or des questionnaires remplis en 2\.0\.0 l’ont \(D5\)/,
      ),
    ]);
    write('bilan-test', '2.1.0.json', withGender(['Homme', 'Femme', 'Autre']));
    expect(definitionsCheck(dir, dir).map(formatProblem)).toEqual([
      expect.stringMatching(
        /^bilan-test\/2\.1\.0\.json:\d+:\d+: gender\u00a0: réponses sans code \(«\u00a0Homme\u00a0», «\u00a0Femme\u00a0», «\u00a0Autre\u00a0»\)\u00a0: depuis la version 2\.0\.0/,
      ),
      expect.stringMatching(
        /^bilan-test\/2\.1\.0\.json:\d+:\d+: gender\u00a0: réponse «\u00a0male\u00a0» supprimée ou renommée/,
      ),
      expect.stringMatching(/réponse «\u00a0female\u00a0» supprimée ou renommée/),
      expect.stringMatching(/réponse «\u00a0other\u00a0» supprimée ou renommée/),
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
      `bilan-test/1.0.0.json:56:26: autres${N}: condition sur gender${N}: «${N}Un homme${N}» n’est pas une de ses réponses («${N}Homme${N}», «${N}Femme${N}», «${N}Autre${N}»)`,
      `bilan-test/1.0.0.json:66:13: diseases${N}: case exclusive aucunes${N}: ce n’est pas une case du groupe diseases (diabete, autres, aucune)`,
      `bilan-test/1.0.0.json:69:13: diseases${N}: case exclusive cancer${N}: ce n’est pas une case du groupe diseases (diabete, autres, aucune)`,
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
    expect(definitionsCheck(dir, dir).map(formatProblem)).toEqual([
      `bilan-test/1.0.0.json:88:9: empty${N}: propriété text manquante`,
      `bilan-test/1.0.0.json:103:13: g${N}: propriété box manquante`,
    ]);
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
      `bilan-test/1.0.0.json:22:20: gender${N}: typographie${N}: apostrophe droite, écrivez ’, dans «${N}Vous·êtes·d'où·?${N}» (pnpm definitions:check --fix corrige)`,
      `bilan-test/1.0.0.json:22:20: gender${N}: typographie${N}: avant : ; ! ? il faut une espace insécable (U+00A0), dans «${N}…s·êtes·d'où·?${N}» (pnpm definitions:check --fix corrige)`,
    ]);
  });

  it('refuses a rule without a source, or whose source has no date or an unreal one (issue 16), naming file, rule and where', () => {
    dir = mkdtempSync(join(tmpdir(), 'definitions-check-'));
    const source = {
      body: 'Haute Autorité de santé (HAS)',
      document: 'Un texte public',
      date: '2025-05-13',
      checked: '2025-05-13',
      edition: 'Recommandation du 13 mai 2025',
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
    // One line for each mistake, at its place, about its rule: the schema's branches say nothing more.
    expect(definitionsCheck(dir, dir).map(formatProblem)).toEqual([
      `bilan-test/1.0.0.json:284:19: no-date${N}: propriété date manquante`,
      `bilan-test/1.0.0.json:309:7: no-source${N}: propriété source manquante`,
      `bilan-test/1.0.0.json:333:19: a-due${N}: propriété date manquante`,
    ]);
    // A date of the right shape but not in the calendar passes the schema's pattern: the engine's check refuses it.
    write('bilan-test', '1.0.0.json', {
      ...testDefinitionFile,
      assessment: { rules: [rule, { ...rule, id: 'bad-date', source: { ...source, date: '2025-02-30' } }] },
    });
    // (The questions this small report leaves unread are newestVersionChecks.test.ts's concern.)
    const unread = /ni lue par le bilan/;
    expect(
      definitionsCheck(dir, dir)
        .map(formatProblem)
        .filter((line) => !unread.test(line)),
    ).toEqual([
      `bilan-test/1.0.0.json:287:19: bad-date${N}: la date de la source est obligatoire, en AAAA, AAAA-MM ou AAAA-MM-JJ (une vraie date) (donnée${N}: «${N}2025-02-30${N}»)`,
    ]);
  });

  it('keeps the engine test definition valid against the meta-schema', () => {
    dir = mkdtempSync(join(tmpdir(), 'definitions-check-'));
    writeFileSync(join(dir, 'vocabularies.json'), readFileSync(join(repoRoot, 'definitions/vocabularies.json')));
    write('bilan-test', '1.0.0.json', testDefinitionFile);
    expect(definitionsCheck(dir, dir)).toEqual([]);
  });
});
