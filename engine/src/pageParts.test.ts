import { describe, expect, it } from 'vitest';
import type { DefinitionFile } from './definition';
import { isQuestion, pageParts } from './pageParts';
import { resolveDefinition } from './resolveDefinition';
import { testDefinitionFile, testVocabularies } from './testing/testDefinition';
import { itemVisibility } from './visibility';

const definition = resolveDefinition(testDefinitionFile, testVocabularies);
const keys = (parts: ReturnType<typeof pageParts>) =>
  parts.map((p) => [p.heading?.text ?? null, p.items.map((i) => i.key)]);

describe('pageParts', () => {
  it('groups a page’s items under its headings, what comes before the first heading under none', () => {
    const general = definition.pages[0];
    if (!general) throw new Error('page');
    expect(keys(pageParts(general))).toEqual([
      [null, ['gender', 'children']],
      ['Votre santé', ['diseases', 'otherDisease', 'otherDiseaseTreated']],
    ]);
  });

  it('keeps only what shows, and a heading only over something that shows', () => {
    const file: DefinitionFile = {
      ...testDefinitionFile,
      pages: testDefinitionFile.pages.map((page, i) =>
        i === 0
          ? {
              ...page,
              items: [
                ...page.items.filter((item) => item.key !== 'otherDisease' && item.key !== 'otherDiseaseTreated'),
                { kind: 'heading', key: 'detail', text: 'Précisions' },
                ...page.items.filter((item) => item.key === 'otherDisease'),
              ],
            }
          : page,
      ),
    };
    const def = resolveDefinition(file, testVocabularies);
    const page = def.pages[0];
    if (!page) throw new Error('page');
    expect(keys(pageParts(page, itemVisibility(def, {}))).map(([heading]) => heading)).toEqual([null, 'Votre santé']);
    expect(keys(pageParts(page, itemVisibility(def, { general: { autres: true } })))).toEqual([
      [null, ['gender', 'children']],
      ['Votre santé', ['diseases']],
      ['Précisions', ['otherDisease']],
    ]);
  });

  it('tells questions from notices and headings', () => {
    const items = definition.pages.flatMap((p) => p.items);
    expect(items.filter((i) => !isQuestion(i)).map((i) => i.kind)).toEqual(['heading', 'notice', 'notice']);
  });
});
