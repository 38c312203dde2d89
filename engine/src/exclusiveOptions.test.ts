import { describe, expect, it } from 'vitest';
import type { CheckboxGroupQuestion } from './definition';
import { applyExclusiveOptions, boxesExcludedBy, exclusivePairsOf } from './exclusiveOptions';
import { resolveDefinition } from './resolveDefinition';
import { bandDefinitions } from './testing/testBands';
import { testDefinitionFile, testVocabularies } from './testing/testDefinition';

const definition = resolveDefinition(testDefinitionFile, testVocabularies);
const smoking: CheckboxGroupQuestion = {
  kind: 'checkboxes',
  key: 'tobacco',
  label: 'Fumez-vous ?',
  boxes: [
    { key: 'smoke', label: 'Je fume' },
    { key: 'vape', label: 'Je vapote' },
    { key: 'noSmoke', label: 'Je ne fume pas et je ne vapote pas' },
    { key: 'stopped', label: 'J’ai arrêté de fumer' },
  ],
  exclusive: [{ box: 'noSmoke', excludes: ['smoke', 'vape'] }],
};

describe('exclusivePairsOf and boxesExcludedBy', () => {
  it('lets an exclusive box exclude every other box of its group, or the boxes it names', () => {
    expect(exclusivePairsOf(smoking)).toEqual([{ box: 'noSmoke', excludes: ['smoke', 'vape'] }]);
    const diseases = definition.pages[0]?.items.find((i) => i.key === 'diseases') as CheckboxGroupQuestion;
    expect(exclusivePairsOf(diseases)).toEqual([{ box: 'aucune', excludes: ['diabete', 'autres'] }]);
  });

  it('reads both sides: what an exclusive box excludes, and what excludes a box', () => {
    expect(boxesExcludedBy(smoking, 'noSmoke')).toEqual(['smoke', 'vape']);
    expect(boxesExcludedBy(smoking, 'vape')).toEqual(['noSmoke']);
    // "J'ai arrêté de fumer" and "Je ne fume pas" can be true together.
    expect(boxesExcludedBy(smoking, 'stopped')).toEqual([]);
  });
});

describe('applyExclusiveOptions', () => {
  it('unticks the other boxes when the exclusive box is ticked', () => {
    const result = applyExclusiveOptions(
      definition,
      'general',
      { gender: 'Femme', diabete: true, autres: true },
      { gender: 'Femme', diabete: true, autres: true, aucune: true },
    );
    expect(result.answers).toEqual({ gender: 'Femme', aucune: true });
    expect(result.changes.map((c) => [c.group.key, c.ticked, c.unticked])).toEqual([
      ['diseases', 'aucune', ['diabete', 'autres']],
    ]);
  });

  it('unticks the exclusive box when another box is ticked', () => {
    const result = applyExclusiveOptions(definition, 'general', { aucune: true }, { aucune: true, diabete: true });
    expect(result.answers).toEqual({ diabete: true });
    expect(result.changes.map((c) => [c.ticked, c.unticked])).toEqual([['diabete', ['aucune']]]);
  });

  it('changes nothing when a box is unticked or nothing conflicts', () => {
    expect(applyExclusiveOptions(definition, 'general', { diabete: true, autres: true }, { diabete: true })).toEqual({
      answers: { diabete: true },
      changes: [],
    });
    expect(applyExclusiveOptions(definition, 'general', { diabete: true }, { diabete: true, autres: true })).toEqual({
      answers: { diabete: true, autres: true },
      changes: [],
    });
  });

  it('keeps "Je ne fume pas" beside "J’ai arrêté de fumer" in the real 18-25 questionnaire, and unticks it for "Je vapote"', () => {
    const def = bandDefinitions['18to25'];
    const section = 'addictionAndMentalHealth';
    expect(
      applyExclusiveOptions(def, section, { noSmoke: true }, { noSmoke: true, stoppedSmoking: true }).answers,
    ).toEqual({ noSmoke: true, stoppedSmoking: true });
    expect(
      applyExclusiveOptions(
        def,
        section,
        { noSmoke: true, stoppedSmoking: true },
        { noSmoke: true, stoppedSmoking: true, vape: true },
      ).answers,
    ).toEqual({ stoppedSmoking: true, vape: true });
  });
});
