// Issue 46: every French text of the patient's screens, read from the code, has its words in each
// language, and each language file holds no text the code no longer has.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TRANSLATED_LANGUAGES } from '@bilan/engine';
import { importedFiles, webTexts } from './webTexts';

const source = (folder: string) => fileURLToPath(new URL(`../${folder}`, import.meta.url));
// The engine's messages the patient's page shows (a refused answer) are said through the page's t().
const uses = [...webTexts(source('web/src')), ...webTexts(source('engine/src'), 'validationMessage.ts')];
const french = new Set(uses.flatMap((u) => (u.french === null ? [] : [u.french])));
/**
 * The screens up to and on a questionnaire page (issue 43 §1): the patient's layout, the page, and
 * the pause's resume question a questionnaire's link leads to. Their words (texts/<language>.page.json)
 * load with the language; every other screen's (texts/<language>.rest.json) once the page shows,
 * and those screens wait for them (router.tsx, allWordsFirst).
 */
const PAGE_SCREENS = ['patient/PatientLayout.tsx', 'patient/PatientQuestionnairePage.tsx', 'patient/PauseScreen.tsx'];
const pageFiles = new Set([...importedFiles(source('web/src'), PAGE_SCREENS)].map((file) => `web/src/${file}`));
const pageFrench = new Set(
  uses.flatMap((u) =>
    u.french !== null && (u.where.startsWith('engine/') || pageFiles.has(u.where.replace(/:\d+$/, '')))
      ? [u.french]
      : [],
  ),
);
const places = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the web app’s words in each language (issue 46)', () => {
  it('reads the texts from the code, each call with a literal text', () => {
    expect(french.size).toBeGreaterThan(50);
    expect(uses.filter((u) => u.french === null).map((u) => u.where)).toEqual([]);
  });

  describe.each(TRANSLATED_LANGUAGES)('%s', (language) => {
    type TextsFile = { language: string; texts: Record<string, string> };
    const part = (name: 'page' | 'rest') =>
      JSON.parse(
        readFileSync(new URL(`../web/src/i18n/texts/${language}.${name}.json`, import.meta.url), 'utf8'),
      ) as TextsFile;
    const page = part('page');
    const rest = part('rest');
    const file = { language: page.language, texts: { ...rest.texts, ...page.texts } };

    it('gives a questionnaire page’s words in its own part, every other text in the rest', () => {
      expect(rest.language).toBe(language);
      expect(Object.keys(page.texts).filter((text) => !pageFrench.has(text))).toEqual([]);
      expect(Object.keys(rest.texts).filter((text) => pageFrench.has(text))).toEqual([]);
      expect([...pageFrench].filter((text) => !(text in page.texts))).toEqual([]);
    });

    it('gives every text of the code', () => {
      expect(file.language).toBe(language);
      const missing = uses.filter((u) => u.french !== null && !(u.french in file.texts));
      expect(missing.map((u) => `${u.where}: ${u.french}`)).toEqual([]);
    });

    it('holds no text the code no longer has', () => {
      expect(Object.keys(file.texts).filter((text) => !french.has(text))).toEqual([]);
    });

    it('fills only the {places} the code gives values for, and leaves no text blank', () => {
      for (const use of uses) {
        const words = use.french === null ? undefined : file.texts[use.french];
        if (words === undefined || use.french === null) continue;
        expect(words.trim(), use.where).not.toBe('');
        expect(use.values, use.where).not.toBeNull();
        for (const place of [...places(use.french), ...places(words)])
          expect(use.values, `${use.where}: {${place}}`).toContain(place);
      }
    });
  });
});
