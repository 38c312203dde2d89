import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Definition, DefinitionFile, ResolvedPageItem } from '../definition';
import { resolveDefinition } from '../resolveDefinition';
import { testDefinitionFile, testVocabularies } from '../testing/testDefinition';
import { bandDefinitions } from '../testing/testBands';
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
        'la question « children » n’est ni lue par le bilan ni marquée informational : ajoutez une règle qui la lit, ou une propriété informational qui dit en une ligne pourquoi elle est seulement affichée',
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
        message: '« gender » est marquée informational mais le bilan la lit (sexField) : retirez la marque',
      },
      {
        path: '/pages/2/items/0/boxes/0/informational',
        field: 'smoke',
        message: '« smoke » est marquée informational mais le bilan la lit (smoker) : retirez la marque',
      },
      {
        path: '/pages/3/items/0/informational',
        field: 'priorityBoxes',
        message:
          '« priorityBoxes » est marquée informational mais le bilan lit chacune de ses cases (ou elles excluent les autres) : retirez la marque',
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

/** Every stored question field of a definition, with its item, its group (for a box) and whether it is asked. */
function questionFields(def: Definition) {
  const out: Array<{ key: string; item: ResolvedPageItem; mark?: string; exclusive: boolean; retired: boolean }> = [];
  for (const page of def.pages) {
    for (const item of page.items) {
      if (item.kind === 'notice' || item.kind === 'heading') continue;
      const retired = item.retired !== undefined;
      if (item.kind !== 'checkboxes') {
        out.push({
          key: item.key,
          item,
          exclusive: false,
          retired,
          ...(item.informational ? { mark: item.informational } : {}),
        });
        continue;
      }
      const exclusive = new Set((item.exclusive ?? []).map((o) => o.box));
      for (const box of item.boxes) {
        const mark = box.informational ?? item.informational;
        out.push({ key: box.key, item, exclusive: exclusive.has(box.key), retired, ...(mark ? { mark } : {}) });
      }
    }
  }
  return out;
}

/** The definition without the mark of `key` (on its question, its box and its group). */
function withoutMark(def: Definition, key: string): Definition {
  const copy = structuredClone(def);
  for (const page of copy.pages) {
    for (const item of page.items) {
      if (item.kind === 'notice' || item.kind === 'heading') continue;
      if (item.key === key) delete item.informational;
      if (item.kind === 'checkboxes' && item.boxes.some((b) => b.key === key)) {
        delete item.informational;
        for (const box of item.boxes) if (box.key === key) delete box.informational;
      }
    }
  }
  return copy;
}

/** The definition without every part of the report that reads `key`. */
function withoutReaders(def: Definition, key: string): Definition {
  const copy = structuredClone(def);
  const part = copy.assessment;
  if (!part) return copy;
  const readers = new Set(fieldsReadByReport(def).get(key) ?? []);
  part.rules = part.rules.filter((r) => !readers.has(r.id));
  part.due = (part.due ?? []).filter((d) => !readers.has(d.id));
  if (readers.has('scores.phq2')) delete part.scores?.phq2;
  if (readers.has('scores.gad2')) delete part.scores?.gad2;
  if (readers.has('priorities')) part.priorities = [];
  if (readers.has('freeText')) part.freeText = (part.freeText ?? []).filter((f) => f !== key);
  if (readers.has('sexField')) {
    delete part.sexField;
    delete part.sexValues;
  }
  if (readers.has('undernutrition')) delete part.undernutrition;
  return copy;
}

describe.each(Object.entries(bandDefinitions))('every question of the newest %s version (property)', (_band, def) => {
  const asked = questionFields(def).filter((q) => !q.retired && !q.exclusive);
  const readers = fieldsReadByReport(def);

  it('has no question left unread and no untrue mark', () => {
    expect(questionCoverage(def)).toEqual([]);
  });

  it('is read by the report or marked informational, every one of them', () => {
    for (const question of asked)
      expect(readers.has(question.key) || question.mark !== undefined, question.key).toBe(true);
  });

  // Stripping a definition costs a copy of it: a few dozen runs, with room on a busy machine.
  it('is read or marked informational, and named by the check once neither (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...asked), (question) => {
        expect(readers.has(question.key) || question.mark !== undefined, question.key).toBe(true);
        const stripped = readers.has(question.key)
          ? withoutReaders(withoutMark(def, question.key), question.key)
          : withoutMark(def, question.key);
        expect(fields(stripped)).toContain(question.key);
      }),
      { numRuns: 40 },
    );
  }, 30_000);
});
