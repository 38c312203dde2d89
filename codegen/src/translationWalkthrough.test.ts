// The translator's and editor's tasks on a version's languages (definitions/README.md, section
// 11), in a copy of the definitions folder: reword a label in one language, reword the French,
// add a question, each with what `pnpm definitions:check` says and how it is mended.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { localizeDefinition, type DefinitionFile, type Translation } from '@bilan/engine';
import { defaultDefinitionsDir } from './definitionsRoot';
import { createDraft } from './draft';
import { loadDefinitions } from './loadDefinitions';
import { formatProblem } from './messages/problem';

const N = '\u00a0';
const QUESTION = `Avez-vous des enfants${N}?`;
let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A copy of the definitions with the next version of 45-50 open, as `pnpm definitions:draft 45to50` opens it. */
function working(): string {
  dir = mkdtempSync(join(tmpdir(), 'definitions-languages-'));
  cpSync(defaultDefinitionsDir, dir, { recursive: true });
  const draft = createDraft(dir, '45to50', false, dir);
  if (!draft.ok) throw new Error(draft.message);
  return draft.file;
}
let draftFile = '';
const englishOf = (file: string) => file.replace(/\.json$/, '.en.json');
const versionOf = (file: string) =>
  file
    .split('/')
    .at(-1)
    ?.replace(/\.json$/, '');
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const versionFile = () => join(dir, draftFile);
const englishFile = () => join(dir, englishOf(draftFile));
const read = <T>(path: string) => JSON.parse(readFileSync(path, 'utf8')) as T;
const edit = <T>(path: string, change: (value: T) => void) => {
  const value = read<T>(path);
  change(value);
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
};
const check = () => loadDefinitions(dir, dir).problems.map(formatProblem);
const hasChildren = (file: DefinitionFile) => {
  const item = file.pages.flatMap((p) => p.items).find((i) => i.key === 'hasChildren');
  if (item?.kind !== 'single') throw new Error('hasChildren is a single choice of 45-50');
  return item;
};

// Each check reads every version of the four bands and their languages again, several times a
// test: seconds on a busy machine, as the other walkthroughs allow.
describe('the languages of a draft of 45-50, in a copy of the definitions', { timeout: 60_000 }, () => {
  it('rewords a label in English alone: sound, and the patient reading English sees it', () => {
    draftFile = working();
    expect(check()).toEqual([]);
    edit<Translation>(englishFile(), (t) => (t.texts[QUESTION] = 'Have you got children?'));
    expect(check()).toEqual([]);
    const loaded = loadDefinitions(dir, dir).definitions.find(
      (d) => d.definition.id === 'bilan-45to50' && !d.published,
    );
    const english = loaded?.translations.find((t) => t.language === 'en');
    if (!loaded || !english) throw new Error('the draft and its English are in the copy');
    const item = localizeDefinition(loaded.definition, english)
      .pages.flatMap((p) => p.items)
      .find((i) => i.key === 'hasChildren');
    expect(item?.kind === 'single' && item.label).toBe('Have you got children?');
  });

  it('rewords the French: the check names the text to translate again, then is sound once the key follows', () => {
    draftFile = working();
    const reworded = `Avez-vous un ou des enfants${N}?`;
    edit<DefinitionFile>(versionFile(), (file) => (hasChildren(file).label = reworded));
    expect(check()).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${escaped(englishOf(draftFile))}:\\d+:\\d+: hasChildren${N}: texte sans traduction en anglais${N}: «${N}Avez-vous un ou des enfants${N}\\?${N}» \\(${escaped(draftFile)}:\\d+\\)`,
        ),
      ),
      expect.stringContaining(
        `traduction en anglais d’un texte que la version ${versionOf(draftFile) ?? ''} n’a pas${N}: «${N}${QUESTION}${N}»`,
      ),
    ]);
    edit<Translation>(englishFile(), (t) => {
      t.texts[reworded] = 'Do you have one or more children?';
      delete t.texts[QUESTION];
    });
    expect(check()).toEqual([]);
  });

  it('adds a question: its texts are missing in English until the translator adds them', () => {
    draftFile = working();
    const label = `Avez-vous des petits-enfants${N}?`;
    edit<DefinitionFile>(versionFile(), (file) => {
      const page = file.pages[0];
      if (!page) throw new Error('the draft has pages');
      page.items.splice(2, 0, { kind: 'single', key: 'hasGrandchildren', label, options: { vocabulary: 'yesNo' } });
    });
    expect(check().filter((line) => line.includes('texte sans traduction'))).toEqual([
      expect.stringContaining(`hasGrandchildren${N}: texte sans traduction en anglais${N}: «${N}${label}${N}»`),
    ]);
    edit<Translation>(englishFile(), (t) => (t.texts[label] = 'Do you have grandchildren?'));
    expect(check().filter((line) => line.includes('texte sans traduction'))).toEqual([]);
  });
});
