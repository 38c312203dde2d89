// The languages of a version (D41, issue 46): `<version>.<language>.json` beside it, checked
// against the French it translates, one line per mistake naming the file, the line and the language.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveDefinition, translatableTexts } from '@bilan/engine';
import { codedTestDefinitionFile, codedTestVocabularies, testDefinitionFile } from '@bilan/engine/testing';
import { loadDefinitions } from './loadDefinitions';
import { formatProblem } from './messages/problem';
import { publish } from './publish';
import { generate } from './generate';
import { readLock } from './lock/lockFile';

const N = '\u00a0';
let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function write(folder: string, name: string, content: unknown): void {
  mkdirSync(join(dir, folder), { recursive: true });
  writeFileSync(join(dir, folder, name), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
}

/** Every French text of the coded test definition, translated by a marker (a complete translation). */
const complete = (): Record<string, string> =>
  Object.fromEntries(
    translatableTexts(resolveDefinition(codedTestDefinitionFile, codedTestVocabularies)).map((t) => [
      t.text,
      `EN ${t.text}`,
    ]),
  );

function folder(texts: Record<string, string>, language = 'en'): string {
  dir = mkdtempSync(join(tmpdir(), 'translations-'));
  write('.', 'vocabularies.json', codedTestVocabularies);
  write('bilan-test', '2.0.0.json', codedTestDefinitionFile);
  write('bilan-test', `2.0.0.${language}.json`, { language: 'en', reviewed: false, texts });
  return dir;
}
const check = () => loadDefinitions(dir, dir).problems.map(formatProblem);

describe('the translations of a version', () => {
  it('accepts a complete one and gives it to the version', () => {
    folder(complete());
    expect(check()).toEqual([]);
    const loaded = loadDefinitions(dir, dir).definitions[0];
    expect(loaded?.translations.map((t) => [t.language, t.texts.Profil])).toEqual([['en', 'EN Profil']]);
  });

  it('names each French text without a translation: the file, where the text is, and the language', () => {
    const { 'Avez-vous des enfants\u00a0?': _question, Oui: _yes, ...rest } = complete();
    folder(rest);
    expect(check()).toEqual([
      expect.stringMatching(
        new RegExp(
          `^bilan-test/2\\.0\\.0\\.en\\.json:\\d+:\\d+: children${N}: texte sans traduction en anglais${N}: «${N}Avez-vous des enfants${N}\\?${N}» \\(bilan-test/2\\.0\\.0\\.json:\\d+\\)${N}; ajoutez-le à «${N}texts${N}» avec sa traduction$`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^bilan-test/2\\.0\\.0\\.en\\.json:\\d+:\\d+: children${N}: texte sans traduction en anglais${N}: «${N}Oui${N}» \\(bilan-test/2\\.0\\.0\\.json:\\d+ ou vocabularies\\.json\\)`,
        ),
      ),
    ]);
  });

  it('names a translation of a French text the version no longer has, and the text it likely became', () => {
    const texts = complete();
    const { Profil: profile, ...rest } = texts;
    folder({ ...rest, Profile: profile ?? '' });
    expect(check()).toEqual([
      expect.stringContaining(`texte sans traduction en anglais${N}: «${N}Profil${N}»`),
      expect.stringMatching(
        new RegExp(
          `^bilan-test/2\\.0\\.0\\.en\\.json:\\d+:\\d+: traduction en anglais d’un texte que la version 2\\.0\\.0 n’a pas${N}: «${N}Profile${N}»${N}; le texte français est-il devenu «${N}Profil${N}»${N}\\?`,
        ),
      ),
    ]);
  });

  it('refuses a translation of a 1.x version, a language unlike its file name, and a translation without its version', () => {
    dir = mkdtempSync(join(tmpdir(), 'translations-'));
    write('bilan-test', '1.0.0.json', testDefinitionFile);
    write('bilan-test', '1.0.0.en.json', { language: 'en', reviewed: false, texts: {} });
    write('bilan-test', '1.1.0.ar.json', { language: 'ar', reviewed: false, texts: {} });
    expect(check()).toEqual([
      expect.stringMatching(
        /^bilan-test\/1\.0\.0\.en\.json:\d+:\d+: les versions 1\.x sont en français seulement \(D41\)/,
      ),
      `bilan-test/1.1.0.ar.json: traduction de la version 1.1.0, qui n’existe pas dans bilan-test${N}: renommez-la ou supprimez-la`,
    ]);
    folder(complete(), 'ar');
    expect(check()).toEqual([
      expect.stringMatching(
        /^bilan-test\/2\.0\.0\.ar\.json:\d+:\d+: langue en\u00a0: elle doit être celle du nom du fichier, ar/,
      ),
    ]);
  });

  it('is published with its version and frozen with it (D35)', () => {
    folder(complete());
    const published = publish(dir, 'test', '2.0.0', dir);
    expect(published.ok, JSON.stringify(published)).toBe(true);
    expect(Object.keys(readLock(dir).versions['bilan-test@2.0.0']?.translations ?? {})).toEqual(['en']);
    expect(check()).toEqual([]);
    write('bilan-test', '2.0.0.en.json', { language: 'en', reviewed: true, texts: complete() });
    write('bilan-test', '2.0.0.ar.json', { language: 'ar', reviewed: false, texts: complete() });
    expect(check()).toEqual([
      `bilan-test/2.0.0.en.json: traduction en anglais modifiée après la publication de 2.0.0${N}: une version publiée est figée, ses langues comprises (D35, D41)${N}; annulez ce changement, ou faites-le dans une nouvelle version (pnpm definitions:draft)`,
      expect.stringContaining(`bilan-test/2.0.0.ar.json: traduction en arabe ajoutée après la publication de 2.0.0`),
    ]);
  });

  it('is generated for the browser page by page, one module per version, language and page, with its loader', async () => {
    folder(complete());
    const files = await generate(loadDefinitions(dir, dir).definitions);
    const parts = [...files.keys()].filter((f) => f.startsWith('translations/bilan-test@2.0.0.en/'));
    const definition = resolveDefinition(codedTestDefinitionFile, codedTestVocabularies);
    expect(parts).toEqual(definition.pages.map((p) => `translations/bilan-test@2.0.0.en/${p.route}.ts`));
    const [first] = parts;
    expect(files.get(first ?? '')).toContain('"Profil": "EN Profil"');
    expect(files.get(first ?? '')).not.toContain('$schema');
    expect(files.get('translations.ts')).toContain(
      `"${definition.pages[0]?.route}": () => import('./translations/bilan-test@2.0.0.en/${definition.pages[0]?.route}').then((m) => m.texts),`,
    );
  });
});
