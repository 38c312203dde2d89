import { describe, expect, it } from 'vitest';
import type { ResolvedPageItem } from './definition';
import { resolveDefinition } from './resolveDefinition';
import { testDefinitionFile, testVocabularies } from './testing/testDefinition';
import { applyVisibility, isItemVisible, itemVisibility } from './visibility';

const definition = resolveDefinition(testDefinitionFile, testVocabularies);
const item = (key: string): ResolvedPageItem => {
  const found = definition.pages.flatMap((p) => p.items).find((i) => i.key === key);
  if (!found) throw new Error(key);
  return found;
};

describe('isItemVisible', () => {
  it('shows an unconditional question whatever the answers', () => {
    expect(isItemVisible(item('gender'), {}, definition)).toBe(true);
  });

  it('hides otherDisease until autres is ticked', () => {
    expect(isItemVisible(item('otherDisease'), {}, definition)).toBe(false);
    expect(isItemVisible(item('otherDisease'), { general: { autres: false } }, definition)).toBe(false);
    expect(isItemVisible(item('otherDisease'), { general: { autres: true } }, definition)).toBe(true);
  });

  it('hides a question hanging on a hidden one, even if a stale answer remains', () => {
    const stale = { general: { autres: false, otherDisease: 'Asthme' } };
    expect(isItemVisible(item('otherDiseaseTreated'), stale, definition)).toBe(false);
    const shown = { general: { autres: true, otherDisease: 'Asthme' } };
    expect(isItemVisible(item('otherDiseaseTreated'), shown, definition)).toBe(true);
  });

  it('shows a notice while its condition holds, including on a computed flag', () => {
    expect(isItemVisible(item('violenceNotice'), { habits: { violence: 'Oui' } }, definition)).toBe(true);
    expect(isItemVisible(item('violenceNotice'), { habits: { violence: 'Non' } }, definition)).toBe(false);
    expect(isItemVisible(item('bmiNotice'), { body: { height: 170, weight: 90 } }, definition)).toBe(true);
    expect(isItemVisible(item('bmiNotice'), { body: { height: 170, weight: 60, imcHaut: true } }, definition)).toBe(
      false,
    );
  });
});

describe('itemVisibility', () => {
  it('answers for every item of one answer set as isItemVisible does one by one', () => {
    const answers = { general: { autres: true, otherDisease: 'Asthme' }, habits: { violence: 'Oui' } };
    const visible = itemVisibility(definition, answers);
    const items = definition.pages.flatMap((p) => p.items);
    expect(items.map((i) => visible(i))).toEqual(items.map((i) => isItemVisible(i, answers, definition)));
    expect(items.filter((i) => !visible(i)).map((i) => i.key)).toEqual(['bmiNotice', 'quitSmokingTime']);
  });
});

describe('applyVisibility', () => {
  it('drops a box hidden by its own condition, and only that box of its group (D25)', () => {
    const withBoxCondition = resolveDefinition(
      {
        ...testDefinitionFile,
        pages: testDefinitionFile.pages.map((page) => ({
          ...page,
          items: page.items.map((i) =>
            i.kind === 'checkboxes' && i.key === 'priorityBoxes'
              ? {
                  ...i,
                  boxes: i.boxes.map((b) =>
                    b.key === 'stopSmoking' ? { ...b, visibleWhen: { type: 'checked' as const, field: 'smoke' } } : b,
                  ),
                }
              : i,
          ),
        })),
      },
      testVocabularies,
    );
    const answers = { priorities: { betterSleep: true, stopSmoking: true } };
    const hidden = applyVisibility(withBoxCondition, answers);
    expect(hidden.answers.priorities).toEqual({ betterSleep: true, priorityTopics: ['betterSleep'] });
    expect(hidden.hidden).toEqual(['priorities.stopSmoking']);
    const smoker = applyVisibility(withBoxCondition, { ...answers, habits: { smoke: true } });
    expect(smoker.answers.priorities).toEqual({
      betterSleep: true,
      stopSmoking: true,
      priorityTopics: ['betterSleep', 'stopSmoking'],
    });
  });

  it('drops a chain of hidden answers and reports each', () => {
    const result = applyVisibility(definition, {
      general: { autres: false, otherDisease: 'Asthme', otherDiseaseTreated: 'Oui', gender: 'Femme' },
    });
    expect(result.answers).toEqual({ general: { autres: false, gender: 'Femme' } });
    expect(result.hidden.sort()).toEqual(['general.otherDisease', 'general.otherDiseaseTreated']);
  });

  it('keeps visible answers untouched', () => {
    const answers = { general: { autres: true, otherDisease: 'Asthme', otherDiseaseTreated: 'Oui' } };
    expect(applyVisibility(definition, answers)).toEqual({ answers, hidden: [] });
  });
});

describe('a retired question (no longer asked, kept for the data contract)', () => {
  const file = structuredClone(testDefinitionFile);
  const children = file.pages[0]?.items.find((i) => i.key === 'children');
  if (!children || children.kind !== 'single') throw new Error('children');
  children.retired = 'no longer asked';
  const retired = resolveDefinition(file, testVocabularies);
  const retiredItem = retired.pages[0]?.items.find((i) => i.key === 'children');
  if (!retiredItem) throw new Error('children');

  it('is hidden to everyone, and its stored answer dropped as a hidden one', () => {
    expect(isItemVisible(retiredItem, {}, retired)).toBe(false);
    expect(itemVisibility(retired, { general: { children: 'Oui' } })(retiredItem)).toBe(false);
    const result = applyVisibility(retired, { general: { children: 'Oui', gender: 'Femme' } });
    expect(result).toEqual({ answers: { general: { gender: 'Femme' } }, hidden: ['general.children'] });
  });

  it('is still asked in the version before, where it was not retired', () => {
    expect(isItemVisible(item('children'), {}, definition)).toBe(true);
  });
});
