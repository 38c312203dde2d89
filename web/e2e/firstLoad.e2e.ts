// The JavaScript a patient's phone downloads before the first question is interactive (issue 43
// §1, issue 46 §3), weighed on the build the journeys drive, as `pnpm bench` and `bundle-size`
// weigh it (scripts/firstLoad.ts): bytes, so the same build always gives the same figures.
import { describe, expect, it } from 'vitest';
import { TRANSLATED_LANGUAGES } from '@bilan/engine';
import { firstLoadOf } from '../scripts/firstLoad';
import { firstLoadProblems } from '../scripts/firstLoadChecks';
import { firstPage } from '../scripts/firstPage';
import { buildWeb } from './harness';

describe('the first load of a patient', () => {
  const dist = buildWeb();
  const load = firstLoadOf(dist);

  it('holds nothing it must not: account code, a schema compiler, definitions, code the first question never runs', () => {
    expect(firstLoadProblems(dist, load)).toEqual([]);
  });

  it.each(TRANSLATED_LANGUAGES)('downloads in %s the words of the first page of its version alone', (language) => {
    const found = load.questionKeysIn(language, firstPage);
    expect(found, `no first page's words in ${language}`).not.toBeNull();
    const words = [...(found?.keys ?? [])].filter((key) => key.includes('/translations/'));
    expect(words).toHaveLength(1);
    // And of the web app's words, a questionnaire page's alone: the rest loads once it shows.
    const texts = [...(found?.keys ?? [])].filter((key) => key.includes('/i18n/texts/'));
    expect(texts).toEqual([expect.stringMatching(new RegExp(`/i18n/texts/${language}\\.page\\.json$`))]);
  });
});
