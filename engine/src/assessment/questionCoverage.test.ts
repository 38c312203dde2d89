import { describe, expect, it } from 'vitest';
import type { Definition, DefinitionFile } from '../definition';
import { resolveDefinition } from '../resolveDefinition';
import { testDefinitionFile, testVocabularies } from '../testing/testDefinition';
import type { AssessmentPart } from './assessmentTypes';
import { fieldsReadByReport, questionCoverage } from './questionCoverage';

const source = { body: 'Haute Autorité de santé', document: 'Un document public', date: '2020-05' };

/** The small test definition with a report that reads `gender` (sex), `smoke` and the BMI. */
function assessed(part: Partial<AssessmentPart> = {}, edit: (file: DefinitionFile) => void = () => {}): Definition {
  const file = structuredClone(testDefinitionFile);
  edit(file);
  return {
    ...resolveDefinition(file, testVocabularies),
    assessment: {
      sexField: 'gender',
      sexValues: { Homme: 'homme', Femme: 'femme', Autre: 'autre' },
      priorities: ['priorityTopics'],
      freeText: ['customFocusTopics', 'otherDisease'],
      rules: [
        {
          id: 'smoker',
          theme: 'addictions',
          level: 'attention',
          when: { type: 'checked', field: 'smoke' },
          title: 'Tabac',
          advice: 'Conseil.',
          source,
        },
        {
          id: 'bmi',
          theme: 'nutrition-activity',
          level: 'information',
          when: { type: 'compare', field: '$bmi', op: 'gte', value: 30 },
          title: 'IMC',
          advice: 'Conseil.',
          source,
        },
      ],
      ...part,
    },
  };
}

/** Marks items of the test file by key (a question, a group or a box). */
function marking(marks: Record<string, string>, retire: Record<string, string> = {}) {
  return (file: DefinitionFile) => {
    for (const page of file.pages) {
      for (const item of page.items) {
        if (item.kind === 'notice' || item.kind === 'heading') continue;
        if (marks[item.key]) item.informational = marks[item.key];
        if (retire[item.key]) item.retired = retire[item.key];
        if (item.kind === 'checkboxes')
          for (const box of item.boxes) if (marks[box.key]) box.informational = marks[box.key];
      }
    }
  };
}

const fields = (def: Definition) => questionCoverage(def).map((i) => i.field);

describe('questionCoverage (issue 31: nothing asked goes unread)', () => {
  it('names every question and box nothing reads, and leaves alone what the report reads', () => {
    expect(fields(assessed())).toEqual([
      'children',
      'diabete',
      'autres',
      'otherDiseaseTreated',
      'menopauseAge',
      'stoppedSmoking',
      'quitSmokingTime',
      'violence',
    ]);
    expect(questionCoverage(assessed())[0]).toEqual({
      path: '/pages/0/items/1',
      field: 'children',
      message:
        'question "children" is neither read by the report nor marked informational: add a rule that reads it, or "informational": "<why it is only shown>"',
    });
  });

  it('takes an informational mark on a question, a box or a group, and reads a box excluding the others as the group’s « no »', () => {
    const marks = {
      children: 'shown to the pharmacist',
      diseases: 'shown to the pharmacist',
      otherDiseaseTreated: 'shown',
      menopauseAge: 'shown',
      stoppedSmoking: 'shown',
      quitSmokingTime: 'shown',
      violence: 'shown',
    };
    // `aucune` excludes the other boxes of its group: it needs no mark.
    expect(fields(assessed({}, marking(marks)))).toEqual([]);
  });

  it('refuses a mark that has become untrue: the report reads the question, or every box of the group', () => {
    const def = assessed({}, marking({ smoke: 'shown', gender: 'shown', priorityBoxes: 'shown' }));
    expect(questionCoverage(def).filter((i) => i.path.endsWith('/informational'))).toEqual([
      {
        path: '/pages/0/items/0/informational',
        field: 'gender',
        message: '"gender" is marked informational but the report reads it (sexField): remove the mark',
      },
      {
        path: '/pages/2/items/0/boxes/0/informational',
        field: 'smoke',
        message: '"smoke" is marked informational but the report reads it (smoker): remove the mark',
      },
      {
        path: '/pages/3/items/0/informational',
        field: 'priorityBoxes',
        message:
          '"priorityBoxes" is marked informational but the report reads each of its boxes (or they exclude the others): remove the mark',
      },
    ]);
  });

  it('counts a question read under a `not`, a due item, a score, and the height and weight through $bmi', () => {
    const readers = fieldsReadByReport(
      assessed({
        scores: { gad2: { items: ['violence', 'otherDiseaseTreated'], positiveAt: 3 } },
        due: [
          {
            id: 'flu',
            theme: 'vaccinations',
            title: 'Grippe',
            schedule: 'chaque automne',
            appliesWhen: {
              type: 'all',
              conditions: [
                { type: 'checked', field: 'diabete' },
                { type: 'not', condition: { type: 'equals', field: 'children', value: 'Oui' } },
              ],
            },
            source,
          },
        ],
      }),
    );
    expect(readers.get('children')).toEqual(['flu']);
    expect(readers.get('violence')).toEqual(['scores.gad2']);
    expect(readers.get('height')).toEqual(['bmi']);
    expect(readers.get('weight')).toEqual(['bmi']);
    expect(readers.get('betterSleep')).toEqual(['priorities']);
  });

  it('asks nothing of a retired question, nor of a definition without a report', () => {
    const retired = assessed({}, marking({}, { children: 'no longer asked' }));
    expect(fields(retired)).not.toContain('children');
    expect(questionCoverage(resolveDefinition(testDefinitionFile, testVocabularies))).toEqual([]);
  });
});
