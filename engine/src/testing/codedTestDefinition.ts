// The engine's test definition as a 2.0.0 version (D41): every answer stored by code with its
// label, inline (gender, quitting time) or from a coded vocabulary (the yes/no questions), and
// the condition on an answer reading its code.
import type { CodedOption, DefinitionFile, PageItem, Vocabularies } from '../definition';
import { testDefinitionFile, testVocabularies } from './testDefinition';

const CODES: Readonly<Record<string, string>> = {
  Oui: 'yes',
  Non: 'no',
  'Je ne sais pas': 'dontKnow',
  Homme: 'male',
  Femme: 'female',
  Autre: 'other',
  "Moins d'un an": 'lessThanOneYear',
  'Plus de 5 ans': 'moreThanFiveYears',
};
const coded = (answers: readonly string[]): CodedOption[] =>
  answers.map((label) => ({ code: CODES[label] ?? label, label }));

export const codedTestVocabularies: Vocabularies = {
  ...testVocabularies,
  yesNo: coded(['Oui', 'Non']),
  yesNoDontKnow: coded(['Oui', 'Non', 'Je ne sais pas']),
};
const CODED_VOCABULARY: Readonly<Record<string, string>> = { ouiNon: 'yesNo', ouiNonNsp: 'yesNoDontKnow' };

function codedItem(item: PageItem): PageItem {
  let next = item;
  if (next.kind === 'single')
    next = {
      ...next,
      options: Array.isArray(next.options)
        ? coded(next.options as string[])
        : { vocabulary: CODED_VOCABULARY[next.options.vocabulary] ?? next.options.vocabulary },
    };
  if (next.visibleWhen?.type === 'equals' && typeof next.visibleWhen.value === 'string')
    next = {
      ...next,
      visibleWhen: { ...next.visibleWhen, value: CODES[next.visibleWhen.value] ?? next.visibleWhen.value },
    };
  return next;
}

export const codedTestDefinitionFile: DefinitionFile = {
  ...testDefinitionFile,
  version: '2.0.0',
  pages: testDefinitionFile.pages.map((page) => ({ ...page, items: page.items.map(codedItem) })),
};
