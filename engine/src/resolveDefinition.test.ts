import { describe, expect, it } from 'vitest';
import { resolveDefinition, UnknownVocabularyError } from './resolveDefinition';
import { testDefinitionFile, testVocabularies } from './testing/testDefinition';
import type { ResolvedSingleChoiceQuestion } from './definition';
import { checkDefinition } from './checkDefinition';
import { codedTestDefinitionFile, codedTestVocabularies } from './testing/codedTestDefinition';

function single(
  key: string,
  def = resolveDefinition(testDefinitionFile, testVocabularies),
): ResolvedSingleChoiceQuestion {
  const item = def.pages.flatMap((p) => p.items).find((i) => i.key === key);
  if (item?.kind !== 'single') throw new Error(`${key} is not a single choice`);
  return item;
}

describe('resolveDefinition', () => {
  it('replaces a vocabulary reference by its answer strings', () => {
    expect(single('children').options).toEqual(['Oui', 'Non']);
    expect(single('violence').options).toEqual(['Oui', 'Non', 'Je ne sais pas']);
  });

  it('keeps inline answer strings as they are', () => {
    expect(single('gender').options).toEqual(['Homme', 'Femme', 'Autre']);
  });

  it('drops the $schema of the file', () => {
    const def = resolveDefinition({ ...testDefinitionFile, $schema: '../definition.schema.json' }, testVocabularies);
    expect(def).not.toHaveProperty('$schema');
    expect(def.id).toBe('bilan-test');
  });

  it('refuses an unknown vocabulary, naming it and the field', () => {
    const { ouiNon: _removed, ...rest } = testVocabularies;
    expect(() => resolveDefinition(testDefinitionFile, rest)).toThrow(UnknownVocabularyError);
    expect(() => resolveDefinition(testDefinitionFile, rest)).toThrow('children: unknown vocabulary "ouiNon"');
  });

  it('does not share the vocabulary arrays with the result', () => {
    const vocabularies = { ouiNon: ['Oui', 'Non'], ouiNonNsp: ['Oui', 'Non', 'Je ne sais pas'] };
    const def = resolveDefinition(testDefinitionFile, vocabularies);
    vocabularies.ouiNon.push('Peut-être');
    expect(single('children', def).options).toEqual(['Oui', 'Non']);
  });
});

describe('resolveDefinition of a 2.0.0 version (D41)', () => {
  const coded = resolveDefinition(codedTestDefinitionFile, codedTestVocabularies);

  it('stores codes and keeps what each code reads, inline or from a vocabulary', () => {
    expect(single('gender', coded).options).toEqual(['male', 'female', 'other']);
    expect(single('gender', coded).optionLabels).toEqual({ male: 'Homme', female: 'Femme', other: 'Autre' });
    expect(single('children', coded).options).toEqual(['yes', 'no']);
    expect(single('children', coded).optionLabels).toEqual({ yes: 'Oui', no: 'Non' });
  });

  it('gives answer strings no labels: a 1.x form stores what it reads', () => {
    expect(single('gender')).not.toHaveProperty('optionLabels');
    expect(single('children')).not.toHaveProperty('optionLabels');
  });

  it('is checked sound, and its conditions read codes', () => {
    expect(checkDefinition(coded)).toEqual([]);
    const wrong = structuredClone(codedTestDefinitionFile);
    const item = wrong.pages.flatMap((p) => p.items).find((i) => i.visibleWhen?.type === 'equals');
    if (item?.visibleWhen?.type !== 'equals') throw new Error('the test definition has an equals condition');
    item.visibleWhen.value = 'Oui';
    expect(checkDefinition(resolveDefinition(wrong, codedTestVocabularies)).map((i) => i.message)).toEqual([
      expect.stringContaining('«\u00a0Oui\u00a0» n’est pas une de ses réponses'),
    ]);
  });
});
