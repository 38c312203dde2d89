import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbitraryAnswers } from './testing/arbitraryAnswers';
import { answersLookup, evaluateCondition } from './evaluateCondition';
import type { Answers, AnswerValue, Condition, Definition, ResolvedQuestion } from './definition';
import { fieldsOf } from './fieldsOf';
import { isQuestion } from './pageParts';
import { normalize, normalizeSection } from './normalize';
import { resolveDefinition } from './resolveDefinition';
import { bandDefinitions } from './testing/testBands';
import { testDefinitionFile, testVocabularies } from './testing/testDefinition';

const definition = resolveDefinition(testDefinitionFile, testVocabularies);

describe('normalize', () => {
  it('drops unknown sections and fields and reports them', () => {
    const result = normalize(definition, {
      general: { gender: 'Femme', shoeSize: 38 },
      garden: { roses: 'Oui' },
    } as Answers);
    expect(result.answers).toEqual({ general: { gender: 'Femme' } });
    expect(result.dropped.sort()).toEqual(['garden', 'general.shoeSize']);
  });

  it('drops a known field sent under the wrong section', () => {
    const result = normalize(definition, { general: { height: 170 } });
    expect(result.answers).toEqual({ general: {} });
    expect(result.dropped).toEqual(['general.height']);
  });

  it('removes blanks silently: a radio clicked again is sent as null or "" (toggle-to-clear)', () => {
    const cleared = { general: { gender: null, children: '', autres: true } } as unknown as Answers;
    const result = normalize(definition, cleared);
    expect(result.answers).toEqual({ general: { autres: true } });
    expect(result.dropped).toEqual([]);
  });

  it('ignores computed values sent by a client and recomputes them', () => {
    const result = normalize(definition, { body: { height: 160, weight: 40, imcBas: false, imcHaut: true } });
    expect(result.answers).toEqual({ body: { height: 160, weight: 40, imcBas: true, imcHaut: false } });
    expect(result.dropped).toEqual([]);
  });

  it('adds computed fields to every section present, even empty', () => {
    expect(normalize(definition, { body: {}, priorities: {} }).answers).toEqual({
      body: { imcBas: false, imcHaut: false },
      priorities: { priorityTopics: [] },
    });
    expect(normalize(definition, {}).answers).toEqual({});
  });

  it('keeps values of the wrong type so that validation refuses them', () => {
    const result = normalize(definition, {
      body: { height: '170' },
      general: { gender: 'Martien', autres: 'oui' },
    } as unknown as Answers);
    expect(result.answers.body?.height).toBe('170');
    expect(result.answers.general).toEqual({ gender: 'Martien', autres: 'oui' });
    expect(result.answers.body).toMatchObject({ imcBas: false, imcHaut: false });
  });

  it('keeps a section that is not an object as sent, for validation to name it', () => {
    const result = normalize(definition, { general: 'tout va bien' } as unknown as Answers);
    expect(result.answers.general).toBe('tout va bien');
  });

  it('returns nothing for an answer set that is not an object', () => {
    expect(normalize(definition, null as unknown as Answers)).toEqual({ answers: {}, dropped: [] });
  });

  it('drops answers to hidden questions, following chains, and reports them', () => {
    const result = normalize(definition, {
      general: { autres: false, otherDisease: 'Asthme', otherDiseaseTreated: 'Oui' },
      habits: { smoke: true, quitSmokingTime: "Moins d'un an" },
    });
    expect(result.answers).toEqual({ general: { autres: false }, habits: { smoke: true } });
    expect(result.dropped.sort()).toEqual([
      'general.otherDisease',
      'general.otherDiseaseTreated',
      'habits.quitSmokingTime',
    ]);
  });

  it('is idempotent', () => {
    const once = normalize(definition, {
      general: { autres: true, otherDisease: 'Asthme', x: 1 },
      body: { height: 170, weight: 80 },
    } as Answers);
    expect(normalize(definition, once.answers)).toEqual({ answers: once.answers, dropped: [] });
  });
});

describe('normalizeSection', () => {
  it('normalizes one section in the context of the others', () => {
    const result = normalizeSection(definition, 'body', { height: 170, weight: 80, foo: 1 } as Record<string, number>, {
      general: { gender: 'Femme' },
    });
    expect(result).toEqual({
      answers: { height: 170, weight: 80, imcBas: false, imcHaut: true },
      dropped: ['body.foo'],
    });
  });

  it('reports only the drops of its own section', () => {
    const result = normalizeSection(definition, 'habits', { stoppedSmoking: false, quitSmokingTime: 'Plus de 5 ans' }, {
      general: { zzz: 1 },
    } as Answers);
    expect(result).toEqual({ answers: { stoppedSmoking: false }, dropped: ['habits.quitSmokingTime'] });
  });

  it('refuses an unknown section', () => {
    expect(() => normalizeSection(definition, 'garden', {})).toThrow('unknown section "garden"');
  });
});

/** An answer that passes the question's schema. */
function sampleValue(question: ResolvedQuestion): AnswerValue {
  switch (question.kind) {
    case 'single':
      return question.options[0] ?? '';
    case 'number':
      return question.min + 1;
    case 'checkboxes':
      return true;
    default:
      return 'Réponse libre';
  }
}

/** Answers that make a condition hold, or fail; null when the helper cannot build them. */
function answersFor(def: Definition, condition: Condition, hold: boolean): Answers | null {
  if (condition.type === 'not') return answersFor(def, condition.condition, !hold);
  if (condition.type === 'all' || condition.type === 'any' || condition.type === 'compare') return null;
  const info = fieldsOf(def).get(condition.field);
  if (!info) return null;
  let value: AnswerValue | undefined;
  switch (condition.type) {
    case 'checked':
      value = hold;
      break;
    case 'equals':
      value = hold ? condition.value : info.options?.find((o) => o !== condition.value);
      break;
    case 'oneOf':
      value = hold ? condition.values[0] : info.options?.find((o) => !condition.values.includes(o));
      break;
    case 'answered':
      value = hold ? (info.kind === 'number' ? 1 : (info.options?.[0] ?? 'texte')) : undefined;
      break;
  }
  return { [info.section]: value === undefined ? {} : { [condition.field]: value } };
}

/** Every question still asked, and every box, that a condition of its own shows or hides, with the keys it stores. */
function conditionalFields(def: Definition) {
  return def.pages.flatMap((page) =>
    page.items
      .filter(isQuestion)
      .filter((item) => item.retired === undefined)
      .flatMap((item) => {
        const own = item.visibleWhen
          ? [
              {
                page,
                item,
                key: item.key,
                condition: item.visibleWhen,
                keys: item.kind === 'checkboxes' ? item.boxes.map((b) => b.key) : [item.key],
              },
            ]
          : [];
        const boxes =
          item.kind === 'checkboxes'
            ? item.boxes.flatMap((box) =>
                box.visibleWhen ? [{ page, item, key: box.key, condition: box.visibleWhen, keys: [box.key] }] : [],
              )
            : [];
        return [...own, ...boxes];
      }),
  );
}

describe('every conditional question of the newest version of the four bands', () => {
  for (const def of Object.values(bandDefinitions)) {
    for (const { page, item, key, condition, keys } of conditionalFields(def)) {
      it(`${def.id}: ${key} hides, and normalize drops its answer, while ${JSON.stringify(condition)} fails`, () => {
        const off = answersFor(def, condition, false);
        const on = answersFor(def, condition, true);
        if (!off || !on) throw new Error(`the test cannot build answers for ${JSON.stringify(condition)}`);
        const answer = Object.fromEntries(keys.map((k) => [k, sampleValue(item)]));
        const merge = (base: Answers): Answers => ({
          ...base,
          [page.section]: { ...(base[page.section] ?? {}), ...answer },
        });
        const hidden = normalize(def, merge(off));
        for (const key of keys) {
          expect(hidden.answers[page.section]?.[key]).toBeUndefined();
          expect(hidden.dropped).toContain(`${page.section}.${key}`);
        }
        const shown = normalize(def, merge(on));
        for (const key of keys) expect(shown.answers[page.section]?.[key]).toEqual(answer[key]);
        expect(shown.dropped).toEqual([]);
      });
    }
  }

  it('finds the conditional questions the spec names and those of D25', () => {
    const conditional = Object.values(bandDefinitions).flatMap((d) =>
      conditionalFields(d).map((f) => `${d.band.code}:${f.key}`),
    );
    expect(conditional.sort()).toEqual(
      [
        // docs/product.md §Q4 and D4
        '18to25:otherDisease',
        '45to50:otherDisease',
        '45to50:quitSmokingTime',
        '60to65:otherPersonalHistory',
        '60to65:quitSmokingTime',
        '70to75:otherDiseasesDetails',
        '70to75:stoppedSmoking',
        // D25: not asked of men
        '18to25:cervicalScreening',
        '18to25:gynecologistVisit',
        '18to25:menstrualPain',
        '45to50:menopause',
        '45to50:cervicalScreening',
        '45to50:priorityMenopause',
        '60to65:menopauseAge',
        '60to65:mammogramTest',
        '60to65:papSmearTest',
        '70to75:menopauseAge',
        '70to75:mammographyScreening',
        // issue 31: pregnancy is not asked of men, the breast screening of 45-50 neither
        '18to25:pregnancy',
        '45to50:mammographyScreening',
        // D25: after an earlier answer
        '18to25:singleParent',
        '45to50:raisesAlone',
        '45to50:productiveCough',
        '60to65:productiveCough',
        '70to75:productiveCough',
        // issue 31: the fracture after a fall
        '60to65:fallFracture',
        '70to75:fallFracture',
      ].sort(),
    );
  });

  it('shows the women’s questions when the sex is not answered, and hides them from men only', () => {
    const menopause = (answers: Answers) =>
      normalize(bandDefinitions['45to50'], { ...answers, physicalHealth: { menopause: 'yes' } }).answers.physicalHealth;
    expect(menopause({})).toEqual({ menopause: 'yes', imcBas: false, imcHaut: false });
    expect(menopause({ generalQuestions: { gender: 'other' } })).toMatchObject({ menopause: 'yes' });
    expect(menopause({ generalQuestions: { gender: 'male' } })).toEqual({ imcBas: false, imcHaut: false });
  });
});

describe('normalize, on random answer sets of the four bands', () => {
  for (const def of Object.values(bandDefinitions)) {
    const fields = fieldsOf(def);
    it(`${def.id}: idempotent, no blanks, no junk, no answer to a hidden question, computed fields present`, () => {
      fc.assert(
        fc.property(arbitraryAnswers(def, { junk: true }), (answers) => {
          const once = normalize(def, answers);
          expect(normalize(def, once.answers)).toEqual({ answers: once.answers, dropped: [] });
          for (const [sectionKey, section] of Object.entries(once.answers)) {
            const page = def.pages.find((p) => p.section === sectionKey);
            expect(page).toBeDefined();
            for (const computed of page?.computed ?? []) expect(section).toHaveProperty(computed.key);
            for (const [key, value] of Object.entries(section)) {
              const info = fields.get(key);
              expect(info?.section).toBe(sectionKey);
              expect(value === null || value === '').toBe(false);
              const declaring = info?.group ?? info?.item;
              if (declaring && 'visibleWhen' in declaring && declaring.visibleWhen) {
                expect(evaluateCondition(declaring.visibleWhen, answersLookup(def, once.answers))).toBe(true);
              }
            }
          }
          for (const path of once.dropped) expect(path.split('.').length).toBeLessThanOrEqual(2);
        }),
        { numRuns: 200 },
      );
    });
  }
});
