import { describe, expect, it } from 'vitest';
import { resolveDefinition } from '../resolveDefinition';
import { testDefinitionFile, testVocabularies } from '../testing/testDefinition';
import { answerLabel, formatAnswer, groupAnswer } from './formatAnswer';

const definition = resolveDefinition(testDefinitionFile, testVocabularies);
const format = (field: string, value: Parameters<typeof formatAnswer>[2]) => formatAnswer(definition, field, value);

describe('formatAnswer', () => {
  it('prints 70.5 kg as "70,5 kg" and 172 cm as "172 cm", a no-break space before the unit', () => {
    expect(format('weight', 70.5)).toBe('70,5\u00a0kg');
    expect(format('height', 172)).toBe('172\u00a0cm');
  });

  it('prints a number without unit alone', () => {
    expect(format('menopauseAge', 51)).toBe('51');
  });

  it('is null for a blank: absent, null, "" or an empty list', () => {
    expect(format('gender', undefined)).toBeNull();
    expect(format('gender', null)).toBeNull();
    expect(format('otherDisease', '')).toBeNull();
    expect(format('priorityTopics', [])).toBeNull();
  });

  it('prints boxes and computed flags as Oui or Non', () => {
    expect(format('diabete', true)).toBe('Oui');
    expect(format('imcBas', false)).toBe('Non');
  });

  it('prints answer strings as their catalogue label and texts as the patient wrote them', () => {
    expect(format('children', 'Oui')).toBe('Oui');
    expect(format('otherDisease', "Asthme « sévère », l'hiver")).toBe("Asthme « sévère », l'hiver");
  });

  it("prints a stored answer string in its typographic form, the value staying the contract's (D1)", () => {
    const withApostrophes = resolveDefinition(
      {
        ...testDefinitionFile,
        pages: testDefinitionFile.pages.map((p, i) =>
          i === 0
            ? {
                ...p,
                items: [
                  {
                    kind: 'single',
                    key: 'screenTime',
                    label: 'Temps d’écran',
                    options: ["Moins d'une heure", 'Moins de 6h', 'Oui'],
                  },
                ],
              }
            : p,
        ),
      },
      testVocabularies,
    );
    expect(formatAnswer(withApostrophes, 'screenTime', "Moins d'une heure")).toBe('Moins d’une heure');
    expect(formatAnswer(withApostrophes, 'screenTime', 'Moins de 6h')).toBe('Moins de 6\u00a0h');
    expect(answerLabel(withApostrophes, 'screenTime', "Moins d'une heure")).toBe('Moins d’une heure');
    // A value the question does not list, and a field that is not a single choice, read as given.
    expect(answerLabel(withApostrophes, 'screenTime', "Plus d'une heure")).toBe("Plus d'une heure");
    expect(answerLabel(definition, 'otherDisease', "l'hiver")).toBe("l'hiver");
  });

  it('prints a checkedList as its box labels, joined with ", "', () => {
    expect(format('priorityTopics', ['betterSleep', 'stopSmoking'])).toBe('Mieux dormir, Arrêter de fumer');
  });

  it('reads a field the definition does not know by its value alone', () => {
    expect(format('shoeSize', 42.5)).toBe('42,5');
    expect(format('shoeSize', ['a', 'b'])).toBe('a, b');
  });
});

describe('groupAnswer', () => {
  it('reads a checkbox group as the labels of its ticked boxes, in definition order', () => {
    expect(groupAnswer(definition, 'diseases', { general: { aucune: true, diabete: true, autres: false } })).toEqual([
      'Diabète',
      'Aucune',
    ]);
  });

  it('is empty when no box is ticked, in another section, or for an unknown group', () => {
    expect(groupAnswer(definition, 'diseases', {})).toEqual([]);
    expect(groupAnswer(definition, 'diseases', { body: { diabete: true } })).toEqual([]);
    expect(groupAnswer(definition, 'nothing', { general: { diabete: true } })).toEqual([]);
  });
});
