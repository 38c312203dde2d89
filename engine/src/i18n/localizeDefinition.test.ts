import { describe, expect, it } from 'vitest';
import { catalogueOf } from '../record/catalogue';
import { normalize } from '../normalize';
import { resolveDefinition } from '../resolveDefinition';
import { codedTestDefinitionFile, codedTestVocabularies } from '../testing/codedTestDefinition';
import { localizeDefinition } from './localizeDefinition';
import { translatableTexts } from './translatableTexts';
import type { Translation } from './translation';

const french = resolveDefinition(codedTestDefinitionFile, codedTestVocabularies);
const english: Translation = {
  language: 'en',
  reviewed: false,
  texts: {
    Profil: 'About you',
    'Vous êtes\u00a0:': 'You are:',
    Homme: 'Male',
    Femme: 'Female',
    Oui: 'Yes',
    "Moins d'un an": 'Less than a year',
    Diabète: 'Diabetes',
  },
};
const localized = localizeDefinition(french, english);
const itemOf = (key: string) => localized.pages.flatMap((p) => p.items).find((i) => i.key === key);

describe('localizeDefinition', () => {
  it('puts the translation of every text it has, codes and conditions untouched', () => {
    expect(localized.language).toBe('en');
    expect(localized.pages[0]?.title).toBe('About you');
    const gender = itemOf('gender');
    expect(gender?.kind === 'single' && [gender.label, gender.options, gender.optionLabels]).toEqual([
      'You are:',
      ['male', 'female', 'other'],
      { male: 'Male', female: 'Female', other: 'Autre' },
    ]);
    const diseases = itemOf('diseases');
    expect(diseases?.kind === 'checkboxes' && diseases.boxes.map((b) => [b.key, b.label])).toContainEqual([
      'diabete',
      'Diabetes',
    ]);
    expect(localized.assessment).toEqual(french.assessment);
    expect(localized.pages.map((p) => p.items.map((i) => i.visibleWhen))).toEqual(
      french.pages.map((p) => p.items.map((i) => i.visibleWhen)),
    );
  });

  it('keeps French where the translation lacks a text: a person never reads a blank', () => {
    const children = itemOf('children');
    expect(children?.kind === 'single' && children.label).toBe('Avez-vous des enfants\u00a0?');
  });

  it('reads answers in the language without French typography, and stores them as in French', () => {
    const values = catalogueOf(localized).fields.get('quitSmokingTime')?.values;
    expect(values?.get('lessThanOneYear')).toBe('Less than a year');
    const answers = { general: { gender: 'female', children: 'yes' } };
    expect(normalize(localized, answers)).toEqual(normalize(french, answers));
  });

  it('lists as translatable what a patient reads, answers’ labels included, never the report’s rules', () => {
    const texts = translatableTexts(french).map((t) => t.text);
    expect(texts).toEqual(expect.arrayContaining(['Profil', 'Vous êtes\u00a0:', 'Homme', 'Oui', "Moins d'un an"]));
    expect(translatableTexts(french).some((t) => t.path.startsWith('/assessment/'))).toBe(false);
  });
});
