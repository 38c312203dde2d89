import { describe, expect, it } from 'vitest';
import type { DefinitionFile } from '../definition';
import { resolveDefinition } from '../resolveDefinition';
import { bandDefinitions, firstBandDefinitions } from '../testing/testBands';
import { testDefinitionFile, testVocabularies } from '../testing/testDefinition';
import { definitionTexts, definitionTypographyIssues } from './definitionTypography';

const rule = {
  id: 'r',
  theme: 'sleep',
  level: 'information',
  when: { type: 'answered', field: 'gender' },
  title: 'Sommeil',
  advice: 'Dormez.',
} as const;

function withTexts(change: (file: DefinitionFile) => void): DefinitionFile {
  const file = structuredClone(testDefinitionFile);
  change(file);
  return file;
}

describe('definitionTexts', () => {
  it('lists every text a person reads, with its path and field, and no stored value', () => {
    const texts = definitionTexts(resolveDefinition(testDefinitionFile, testVocabularies));
    expect(texts).toContainEqual({ path: '/title', text: 'Questionnaire de test' });
    expect(texts).toContainEqual({ path: '/pages/0/items/0/label', field: 'gender', text: 'Vous êtes\u00a0:' });
    expect(texts).toContainEqual({ path: '/pages/0/items/3/boxes/0/label', field: 'diabete', text: 'Diabète' });
    expect(texts).toContainEqual({ path: '/pages/0/items/2/text', field: 'healthHeading', text: 'Votre santé' });
    expect(texts.map((t) => t.text)).not.toContain('Homme');
  });

  it('reads the report part: titles, advice, schedules, and sources quoted in French; an English title keeps its punctuation', () => {
    const file = withTexts((f) => {
      f.assessment = {
        rules: [
          {
            ...rule,
            source: { body: 'HAS', document: 'Épisode dépressif de l’adulte\u00a0: prise en charge', date: '2017' },
          },
          {
            ...rule,
            id: 's',
            source: { body: 'OMS', document: 'Obesity: preventing the epidemic', date: '2000', lang: 'en' },
          },
        ],
        due: [
          {
            id: 'd',
            theme: 'vaccinations',
            title: 'Rappel',
            schedule: 'à 25, 45 et 65 ans',
            appliesWhen: rule.when,
            source: { body: 'Ministère', document: 'Calendrier', date: '2025' },
          },
        ],
      };
    });
    const texts = definitionTexts(resolveDefinition(file, testVocabularies)).filter((t) =>
      t.path.startsWith('/assessment'),
    );
    expect(texts.map((t) => t.path)).toEqual([
      '/assessment/rules/0/title',
      '/assessment/rules/0/advice',
      '/assessment/rules/0/source/body',
      '/assessment/rules/0/source/document',
      '/assessment/rules/1/title',
      '/assessment/rules/1/advice',
      '/assessment/rules/1/source/body',
      '/assessment/due/0/title',
      '/assessment/due/0/schedule',
      '/assessment/due/0/source/body',
      '/assessment/due/0/source/document',
    ]);
  });
});

describe('definitionTypographyIssues', () => {
  it('finds nothing in the real definitions, every version (texts and answer labels)', () => {
    for (const definition of [...Object.values(bandDefinitions), ...Object.values(firstBandDefinitions)]) {
      expect(definitionTypographyIssues(definition)).toEqual([]);
    }
  });

  it('names the text, the field and what to write, for a label, a help text and a box', () => {
    const file = withTexts((f) => {
      const page = f.pages[0];
      if (page?.items[0]?.kind === 'single') page.items[0].label = "Vous êtes d'où :";
      if (page?.items[3]?.kind === 'checkboxes') {
        page.items[3].help = 'Cochez (10 %)';
        page.items[3].boxes[0] = { key: 'diabete', label: 'Diabète...' };
      }
    });
    expect(definitionTypographyIssues(resolveDefinition(file, testVocabularies))).toEqual([
      {
        path: '/pages/0/items/0/label',
        field: 'gender',
        message: 'typography: straight apostrophe: write ’ (U+2019), in "Vous·êtes·d\'où·:"',
        typography: { rule: 'apostrophe', excerpt: "Vous·êtes·d'où·:" },
      },
      {
        path: '/pages/0/items/0/label',
        field: 'gender',
        message: 'typography: an ordinary space before ":": write a no-break space (U+00A0), in "…s·êtes·d\'où·:"',
        typography: { rule: 'space-before-punctuation', excerpt: "…s·êtes·d'où·:" },
      },
      {
        path: '/pages/0/items/3/help',
        field: 'diseases',
        message: 'typography: between a number and "%" write a no-break space (U+00A0), in "Cochez·(10·%)"',
        typography: { rule: 'space-before-unit', excerpt: 'Cochez·(10·%)' },
      },
      {
        path: '/pages/0/items/3/boxes/0/label',
        field: 'diabete',
        message: 'typography: three dots: write the ellipsis … (U+2026), in "Diabète..."',
        typography: { rule: 'ellipsis', excerpt: 'Diabète...' },
      },
    ]);
  });
});
