import { describe, expect, it } from 'vitest';
import { checkDefinition } from './checkDefinition';
import type { DefinitionFile, PageItem, Vocabularies } from './definition';
import { resolveDefinition } from './resolveDefinition';
import { codedTestDefinitionFile, codedTestVocabularies } from './testing/codedTestDefinition';
import { testDefinitionFile, testVocabularies } from './testing/testDefinition';

/** The messages of the check once `change` is applied to the test definition's gender question. */
function messages(file: DefinitionFile, vocabularies: Vocabularies, change: (item: PageItem) => PageItem): string[] {
  const changed = {
    ...file,
    pages: file.pages.map((page) => ({
      ...page,
      items: page.items.map((item) => (item.key === 'gender' ? change(item) : item)),
    })),
  };
  return checkDefinition(resolveDefinition(changed, vocabularies)).map((i) => i.message);
}

describe('the answers of a single choice', () => {
  it('refuses an answer twice, coded or not', () => {
    expect(
      messages(testDefinitionFile, testVocabularies, (item) => ({ ...item, options: ['Homme', 'Femme', 'Homme'] })),
    ).toEqual(['réponse «\u00a0Homme\u00a0» en double']);
    expect(
      messages(codedTestDefinitionFile, codedTestVocabularies, (item) => ({
        ...item,
        options: [
          { code: 'male', label: 'Homme' },
          { code: 'male', label: 'Un homme' },
        ],
      })),
    ).toEqual(['réponse «\u00a0male\u00a0» en double']);
  });

  it('from 2.0.0, refuses answer strings without codes, naming them (D41)', () => {
    expect(
      messages(codedTestDefinitionFile, codedTestVocabularies, (item) => ({ ...item, options: ['Homme', 'Femme'] })),
    ).toEqual([
      'réponses sans code («\u00a0Homme\u00a0», «\u00a0Femme\u00a0»)\u00a0: depuis la version 2.0.0, chaque réponse a un code stable et un libellé (D41)\u00a0; donnez à chaque réponse un «\u00a0code\u00a0» et un «\u00a0label\u00a0», ou prenez un vocabulaire codé',
    ]);
    // A 1.x version keeps its answer strings.
    expect(messages(testDefinitionFile, testVocabularies, (item) => item)).toEqual([]);
  });

  it('from 2.0.0, refuses two codes that read alike', () => {
    expect(
      messages(codedTestDefinitionFile, codedTestVocabularies, (item) => ({
        ...item,
        options: [
          { code: 'male', label: 'Homme' },
          { code: 'man', label: 'Homme' },
        ],
      })),
    ).toEqual([
      'réponses male et man\u00a0: même libellé «\u00a0Homme\u00a0»\u00a0; une personne ne pourrait pas les distinguer',
    ]);
  });
});
