import { describe, expect, it } from 'vitest';
import { resolveDefinition, UnknownVocabularyError } from './resolveDefinition';
import { testDefinitionFile, testVocabularies } from './testing/testDefinition';
import type { ResolvedSingleChoiceQuestion } from './definition';

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
