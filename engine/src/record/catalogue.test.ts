import { describe, expect, it } from 'vitest';
import { resolveDefinition } from '../resolveDefinition';
import { testDefinitionFile, testVocabularies } from '../testing/testDefinition';
import { codedTestDefinitionFile, codedTestVocabularies } from '../testing/codedTestDefinition';
import { catalogueOf } from './catalogue';

const definition = resolveDefinition(testDefinitionFile, testVocabularies);
const { fields, groups } = catalogueOf(definition);

describe('catalogueOf', () => {
  it('labels every stored field, in definition order', () => {
    expect([...fields.keys()]).toEqual([
      'gender',
      'children',
      'diabete',
      'autres',
      'aucune',
      'otherDisease',
      'otherDiseaseTreated',
      'height',
      'weight',
      'menopauseAge',
      'imcBas',
      'imcHaut',
      'smoke',
      'stoppedSmoking',
      'quitSmokingTime',
      'violence',
      'betterSleep',
      'stopSmoking',
      'customFocusTopics',
      'priorityTopics',
    ]);
    expect(fields.get('gender')).toMatchObject({
      label: 'Vous êtes\u00a0:',
      question: 'Vous êtes\u00a0:',
      section: 'general',
      kind: 'single',
    });
  });

  it('reads a box as its label under its group question', () => {
    expect(fields.get('autres')).toMatchObject({
      label: 'Autres',
      question: 'Avez-vous une de ces maladies\u00a0?',
      group: 'diseases',
      kind: 'box',
    });
  });

  it('gives the unit of a number, and none to a number without one', () => {
    expect(fields.get('height')?.unit).toBe('cm');
    expect(fields.get('weight')?.unit).toBe('kg');
    expect(fields.get('menopauseAge')).not.toHaveProperty('unit');
  });

  it('lists the answer strings of a single choice, vocabularies resolved, as they read', () => {
    expect([...(fields.get('children')?.values ?? [])]).toEqual([
      ['Oui', 'Oui'],
      ['Non', 'Non'],
    ]);
  });

  it('labels an answer string with its typographic form, the stored value staying the key (D1)', () => {
    const file = {
      ...testDefinitionFile,
      pages: testDefinitionFile.pages.map((p, i) =>
        i === 0
          ? {
              ...p,
              items: [
                {
                  kind: 'single' as const,
                  key: 'quit',
                  label: 'Depuis quand\u00a0?',
                  options: { vocabulary: 'dureeArretTabac' },
                },
              ],
            }
          : p,
      ),
    };
    const real = catalogueOf(
      resolveDefinition(file, { ...testVocabularies, dureeArretTabac: ["Moins d'un an", 'Plus de 5 ans'] }),
    );
    expect([...(real.fields.get('quit')?.values ?? [])]).toEqual([
      ["Moins d'un an", 'Moins d’un an'],
      ['Plus de 5 ans', 'Plus de 5 ans'],
    ]);
  });

  it('labels computed fields, and the items of a checkedList by their box labels', () => {
    expect(fields.get('imcHaut')?.label).toBe('IMC haut');
    expect(fields.get('priorityTopics')?.label).toBe('Sujets prioritaires');
    expect([...(fields.get('priorityTopics')?.values ?? [])]).toEqual([
      ['betterSleep', 'Mieux dormir'],
      ['stopSmoking', 'Arrêter de fumer'],
    ]);
  });

  it('knows each checkbox group with its question and boxes', () => {
    expect(groups.get('smokingStatus')).toMatchObject({ section: 'habits', question: 'Fumez-vous\u00a0?' });
    expect(groups.get('smokingStatus')?.boxes.map((b) => b.key)).toEqual(['smoke', 'stoppedSmoking']);
    expect(groups.has('gender')).toBe(false);
  });

  it('is built once per definition', () => {
    expect(catalogueOf(definition)).toBe(catalogueOf(definition));
  });
});

describe('catalogueOf a 2.0.0 version (D41)', () => {
  const coded = catalogueOf(resolveDefinition(codedTestDefinitionFile, codedTestVocabularies));

  it('reads each stored code as its label, with French typography', () => {
    expect(Object.fromEntries(coded.fields.get('gender')?.values ?? [])).toEqual({
      male: 'Homme',
      female: 'Femme',
      other: 'Autre',
    });
    expect(Object.fromEntries(coded.fields.get('quitSmokingTime')?.values ?? [])).toEqual({
      lessThanOneYear: 'Moins d’un an',
      moreThanFiveYears: 'Plus de 5 ans',
    });
  });
});
