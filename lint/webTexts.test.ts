// Issue 46: every French text of the patient's screens, read from the code, has its words in each
// language, and each language file holds no text the code no longer has.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TRANSLATED_LANGUAGES } from '@bilan/engine';
import { webTexts } from './webTexts';

const source = (folder: string) => fileURLToPath(new URL(`../${folder}`, import.meta.url));
// The engine's messages the patient's page shows (a refused answer) are said through the page's t().
const uses = [...webTexts(source('web/src')), ...webTexts(source('engine/src'), 'validationMessage.ts')];
const french = new Set(uses.flatMap((u) => (u.french === null ? [] : [u.french])));
const places = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the web app’s words in each language (issue 46)', () => {
  it('reads the texts from the code, each call with a literal text', () => {
    expect(french.size).toBeGreaterThan(50);
    expect(uses.filter((u) => u.french === null).map((u) => u.where)).toEqual([]);
  });

  describe.each(TRANSLATED_LANGUAGES)('%s', (language) => {
    const file = JSON.parse(
      readFileSync(new URL(`../web/src/i18n/texts/${language}.json`, import.meta.url), 'utf8'),
    ) as {
      language: string;
      texts: Record<string, string>;
    };

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
