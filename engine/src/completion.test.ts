import { describe, expect, it } from 'vitest';
import { checkCompletion } from './completion';
import type { DefinitionFile } from './definition';
import { resolveDefinition } from './resolveDefinition';
import { bandDefinitions } from './testing/testBands';
import { testDefinitionFile, testVocabularies } from './testing/testDefinition';

const definition = resolveDefinition(testDefinitionFile, testVocabularies);
const allSections = ['general', 'body', 'habits', 'priorities'];

describe('checkCompletion (D14)', () => {
  it('passes when every page was saved, even with every question blank, when none is required', () => {
    for (const def of Object.values(bandDefinitions)) {
      const sections = def.pages.map((p) => p.section);
      expect(checkCompletion(def, {}, sections)).toEqual({ complete: true, missingSections: [], missingFields: [] });
    }
  });

  it('lists the pages not saved yet, in flow order', () => {
    expect(checkCompletion(definition, {}, ['priorities', 'general'])).toEqual({
      complete: false,
      missingSections: ['body', 'habits'],
      missingFields: [],
    });
  });

  it('ignores a required question while it is hidden', () => {
    expect(checkCompletion(definition, { habits: { smoke: true } }, allSections).complete).toBe(true);
  });

  it('refuses a visible required question left blank, naming it', () => {
    const result = checkCompletion(definition, { habits: { stoppedSmoking: true } }, allSections);
    expect(result).toEqual({ complete: false, missingSections: [], missingFields: ['habits.quitSmokingTime'] });
    expect(
      checkCompletion(definition, { habits: { stoppedSmoking: true, quitSmokingTime: 'Plus de 5 ans' } }, allSections)
        .complete,
    ).toBe(true);
  });

  it('treats a required checkbox group as blank until a box is ticked', () => {
    const file: DefinitionFile = {
      ...testDefinitionFile,
      pages: testDefinitionFile.pages.map((p) =>
        p.section === 'priorities'
          ? { ...p, items: p.items.map((i) => (i.kind === 'checkboxes' ? { ...i, requiredForCompletion: true } : i)) }
          : p,
      ),
    };
    const def = resolveDefinition(file, testVocabularies);
    expect(checkCompletion(def, { priorities: { betterSleep: false } }, allSections).missingFields).toEqual([
      'priorities.priorityBoxes',
    ]);
    expect(checkCompletion(def, { priorities: { betterSleep: true } }, allSections).complete).toBe(true);
  });
});
