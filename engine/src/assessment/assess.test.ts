import { describe, expect, it } from 'vitest';
import type { BandCode, Definition } from '../definition';
import { fieldsOf } from '../fieldsOf';
import { answersFor, optionOf } from '../testing/answersFor';
import { bandDefinitions, firstBandDefinitions } from '../testing/testBands';
import { assess } from './assess';
import type { ReportContext, Sex } from './assessmentTypes';
import { bmiCategory } from './computeBmiResult';
import { priorityCount } from './priorityCount';

const ctx = (age: number, sex?: Sex): ReportContext => ({ age, today: '2026-01-15', ...(sex ? { sex } : {}) });

describe('PHQ-2 and GAD-2', () => {
  const bands: Array<[BandCode, 'phq2' | 'gad2']> = [
    ['18to25', 'phq2'],
    ['18to25', 'gad2'],
    ['45to50', 'phq2'],
    ['45to50', 'gad2'],
    ['60to65', 'phq2'],
    ['60to65', 'gad2'],
    ['70to75', 'phq2'],
    ['70to75', 'gad2'],
  ];

  it.each(bands)('%s %s is negative at 2, positive at 3, non évaluable with a blank item', (band, name) => {
    const def = bandDefinitions[band];
    const [first, second] = def.assessment?.scores?.[name]?.items ?? [];
    if (!first || !second) throw new Error('score items missing');
    const score = (a: number | null, b: number | null) => {
      const values: Record<string, string> = {};
      if (a !== null) values[first] = optionOf(def, first, a);
      if (b !== null) values[second] = optionOf(def, second, b);
      return assess(def, answersFor(def, values), ctx(def.band.minAge)).scores[name];
    };
    expect(score(1, 1)).toMatchObject({ total: 2, positive: false, status: 'negative' });
    expect(score(0, 2)).toMatchObject({ total: 2, positive: false, status: 'negative' });
    expect(score(1, 2)).toMatchObject({ total: 3, positive: true, status: 'positive' });
    expect(score(3, 3)).toMatchObject({ total: 6, positive: true, status: 'positive' });
    // A blank item is never counted as 0: even 3 points on the other item stay "non évaluable".
    const blank = score(3, null);
    expect(blank).toMatchObject({ total: null, positive: null, status: 'notEvaluable', available: true });
    expect(blank.items.map((i) => i.points)).toEqual([3, null]);
    expect(score(null, null).status).toBe('notEvaluable');
  });

  it('the score rule fires at 3 and not at 2 (the $phq2 and $gad2 facts)', () => {
    const def = bandDefinitions['18to25'];
    const at = (a: number, b: number) =>
      assess(
        def,
        answersFor(def, {
          lowInterest: optionOf(def, 'lowInterest', a),
          sadness: optionOf(def, 'sadness', b),
          anxietyFrequency: optionOf(def, 'anxietyFrequency', a),
          worryControl: optionOf(def, 'worryControl', b),
        }),
        ctx(20),
      ).findings.map((f) => f.id);
    expect(at(1, 1)).not.toContain('depression-screen-positive');
    expect(at(1, 1)).not.toContain('anxiety-screen-positive');
    expect(at(1, 2)).toEqual(expect.arrayContaining(['depression-screen-positive', 'anxiety-screen-positive']));
  });

  it('70-75 before 1.3.0 asked no sadness item: PHQ-2 is reported as unavailable there, never negative', () => {
    const def = firstBandDefinitions['70to75'];
    const report = assess(
      def,
      answersFor(def, { interestLossFrequency: optionOf(def, 'interestLossFrequency', 0) }),
      ctx(72),
    );
    expect(report.scores.phq2).toEqual({
      items: [],
      total: null,
      positive: null,
      status: 'notEvaluable',
      available: false,
    });
  });

  it('70-75 computes PHQ-2 from the interest and sadness items (issue 31); the interest rule stands in only without it', () => {
    const def = bandDefinitions['70to75'];
    const ids = (interest: number, sadness: number | null) =>
      assess(
        def,
        answersFor(def, {
          interestLossFrequency: optionOf(def, 'interestLossFrequency', interest),
          ...(sadness === null ? {} : { sadnessFrequency: optionOf(def, 'sadnessFrequency', sadness) }),
        }),
        ctx(72),
      ).findings.map((f) => f.id);
    expect(ids(2, 1)).toEqual(['depression-screen-positive']);
    expect(ids(2, 0)).toEqual([]);
    expect(ids(2, null)).toEqual(['loss-of-interest']);
    expect(ids(1, null)).toEqual([]);
  });
});

describe('body-mass index', () => {
  it('uses the WHO categories at their bounds', () => {
    expect(bmiCategory(18.49)).toBe('underweight');
    expect(bmiCategory(18.5)).toBe('normal');
    expect(bmiCategory(24.99)).toBe('normal');
    expect(bmiCategory(25)).toBe('overweight');
    expect(bmiCategory(29.99)).toBe('overweight');
    expect(bmiCategory(30)).toBe('obese');
  });

  it('reports value and category, and nothing when the weight is missing', () => {
    const def = bandDefinitions['45to50'];
    const report = assess(def, answersFor(def, { height: 170, weight: 86.7 }), ctx(47));
    expect(report.scores.bmi).toEqual({ value: 30, category: 'obese', status: 'evaluated' });
    expect(assess(def, answersFor(def, { height: 170 }), ctx(47)).scores.bmi).toEqual({
      value: null,
      category: null,
      status: 'missing',
    });
  });

  it('says "non évaluable" for a height typed in metres and fires no BMI rule: the report is the one without a BMI (D24)', () => {
    // A form of the first version, whose range let 1.75 through: 70 kg / 0.0175² would be 228 571,
    // which fired "bmi-obese" before.
    for (const def of [firstBandDefinitions['45to50'], bandDefinitions['45to50']]) {
      const report = assess(def, answersFor(def, { height: 1.75, weight: 70 }), ctx(47));
      expect(report.scores.bmi).toEqual({ value: null, category: null, status: 'implausible' });
      expect(report.findings).toEqual(assess(def, answersFor(def, {}), ctx(47)).findings);
      expect(assess(def, answersFor(def, { height: 175, weight: 100 }), ctx(47)).findings.map((f) => f.id)).toContain(
        'bmi-obese',
      );
    }
  });

  it('flags the undernutrition threshold (BMI under 22) from 70, in 70-75 only, and does not call it « normal »', () => {
    const old = bandDefinitions['70to75'];
    const below = assess(old, answersFor(old, { height: 170, weight: 63.5 }), ctx(70)); // 21.97
    const at = assess(old, answersFor(old, { height: 170, weight: 63.58 }), ctx(70)); // 22.0
    expect(below.scores.bmi).toMatchObject({ category: 'lowForAge', undernutritionRisk: true });
    expect(at.scores.bmi).toMatchObject({ category: 'normal', undernutritionRisk: false });
    expect(below.findings.map((f) => f.id)).toContain('undernutrition-risk');
    expect(at.scores.bmi.undernutritionRisk).toBe(false);
    expect(at.findings.map((f) => f.id)).not.toContain('undernutrition-risk');
    const younger = bandDefinitions['60to65'];
    expect(assess(younger, answersFor(younger, { height: 170, weight: 63.5 }), ctx(65)).scores.bmi).not.toHaveProperty(
      'undernutritionRisk',
    );
  });
});

describe('what is due', () => {
  const dueIds = (band: BandCode, age: number, sex?: Sex, values: Record<string, string> = {}) => {
    const def = bandDefinitions[band];
    return assess(def, answersFor(def, values), ctx(age, sex)).due.map((d) => d.id);
  };

  it('18-25: the dTcaPolio booster and cervical screening from 25, HPV catch-up until 26 inclusive, meningococcal ACWY until 24 inclusive', () => {
    expect(dueIds('18to25', 24, 'femme')).toEqual(['hpv-catch-up', 'meningococcus-catch-up']);
    expect(dueIds('18to25', 25, 'femme')).toEqual(['dtp-25', 'hpv-catch-up', 'cervical-screening']);
    expect(dueIds('18to25', 25, 'homme')).toEqual(['dtp-25', 'hpv-catch-up']);
    expect(dueIds('18to25', 25)).toEqual(['dtp-25', 'hpv-catch-up', 'cervical-screening']);
    expect(dueIds('18to25', 26, 'homme')).toEqual(['dtp-25', 'hpv-catch-up']);
    expect(dueIds('18to25', 27, 'homme')).toEqual(['dtp-25']);
  });

  it('45-50: colorectal and breast screening from 50, breast for women only; cervical for women', () => {
    expect(dueIds('45to50', 49, 'femme')).toEqual(['dtp-45', 'cervical-screening']);
    expect(dueIds('45to50', 50, 'femme')).toEqual([
      'dtp-45',
      'colorectal-screening',
      'breast-screening',
      'cervical-screening',
    ]);
    expect(dueIds('45to50', 50, 'homme')).toEqual(['dtp-45', 'colorectal-screening']);
  });

  it('60-65: the 65 booster, influenza, COVID-19, pneumococcus and shingles from 65; cervical until 65', () => {
    expect(dueIds('60to65', 64, 'femme')).toEqual([
      'dtp-45',
      'colorectal-screening',
      'breast-screening',
      'cervical-screening',
    ]);
    expect(dueIds('60to65', 65, 'femme')).toEqual([
      'dtp-65',
      'shingles',
      'pneumococcus',
      'influenza',
      'covid-19',
      'colorectal-screening',
      'breast-screening',
      'cervical-screening',
    ]);
    expect(dueIds('60to65', 65, 'homme')).toEqual([
      'dtp-65',
      'shingles',
      'pneumococcus',
      'influenza',
      'covid-19',
      'colorectal-screening',
    ]);
  });

  it('70-75: organised screenings stop after 74; the RSV vaccine and the ten-yearly booster from 75', () => {
    expect(dueIds('70to75', 74, 'femme')).toEqual([
      'dtp-65',
      'shingles',
      'pneumococcus',
      'influenza',
      'covid-19',
      'colorectal-screening',
      'breast-screening',
    ]);
    expect(dueIds('70to75', 75, 'femme')).toEqual([
      'dtp-every-10-years',
      'shingles',
      'pneumococcus',
      'rsv',
      'influenza',
      'covid-19',
    ]);
  });

  it("reads the sex from the band's own answer strings before the context", () => {
    const def = bandDefinitions['60to65'];
    const man = optionOf(def, 'gender', 1);
    expect(def.assessment?.sexValues?.[man]).toBe('homme');
    expect(dueIds('60to65', 64, 'femme', { gender: man })).toEqual(['dtp-45', 'colorectal-screening']);
  });

  it('marks a screening up to date, due or unknown from the answer', () => {
    const def = bandDefinitions['60to65'];
    const status = (index: number | null) => {
      const values: Record<string, string> =
        index === null ? {} : { colorectalCancerTest: optionOf(def, 'colorectalCancerTest', index) };
      return assess(def, answersFor(def, values), ctx(62)).due.find((d) => d.id === 'colorectal-screening')?.status;
    };
    expect(status(0)).toBe('upToDate'); // less than 2 years ago
    expect(status(1)).toBe('due'); // more than 2 years ago
    expect(status(2)).toBe('due'); // never
    expect(status(3)).toBe('unknown'); // does not know
    expect(status(null)).toBe('unknown');
  });

  it('never makes a vaccine « À jour » from the general vaccine question (issue 31); the first version still did', () => {
    const statuses = (def: Definition, index: number | null) => {
      const values: Record<string, string> =
        index === null ? {} : { vaccinesUpToDate: optionOf(def, 'vaccinesUpToDate', index) };
      return Object.fromEntries(
        assess(def, answersFor(def, values), ctx(72))
          .due.filter((d) => d.theme === 'vaccinations')
          .map((d) => [d.id, d.status]),
      );
    };
    const known = { 'dtp-65': 'unknown', shingles: 'unknown', pneumococcus: 'unknown', influenza: 'seasonal' };
    for (const index of [0, 1, 2, null]) expect(statuses(bandDefinitions['70to75'], index)).toMatchObject(known);
    // Forms stored in the first version keep the report they were given (D5).
    expect(new Set(Object.values(statuses(firstBandDefinitions['70to75'], 0)))).toEqual(new Set(['upToDate']));
  });

  it('leaves out cervical screening for a woman who says she is not concerned', () => {
    const def = bandDefinitions['45to50'];
    const notConcerned = optionOf(def, 'cervicalScreening', 4);
    expect(dueIds('45to50', 47, 'femme', { cervicalScreening: notConcerned })).toEqual(['dtp-45']);
  });
});

describe('findings order, priorities and free text', () => {
  it('puts the suicide rule first of all, then priority, attention and information, by theme', () => {
    const def = bandDefinitions['18to25'];
    const report = assess(
      def,
      answersFor(def, {
        physicalActivity: optionOf(def, 'physicalActivity', 0),
        violenceExperience: optionOf(def, 'violenceExperience', 0),
        sadness: optionOf(def, 'sadness', 3),
        lowInterest: optionOf(def, 'lowInterest', 3),
        suicideAttempts: true,
        smoke: true,
        screenTime: optionOf(def, 'screenTime', 3),
      }),
      ctx(21),
    );
    expect(report.findings.map((f) => f.id)).toEqual([
      'suicide-thoughts',
      'depression-screen-positive',
      'violence',
      'no-physical-activity',
      'tobacco',
      'screen-time',
    ]);
    expect(report.findings[0]).toMatchObject({ topPriority: true, level: 'priority' });
    expect(report.findings[0]?.advice).toContain('3114');
    expect(priorityCount(report)).toBe(3);
  });

  it('counts no priority for an empty answer set', () => {
    const def = bandDefinitions['45to50'];
    const report = assess(def, {}, ctx(47));
    expect(report.findings).toEqual([]);
    expect(priorityCount(report)).toBe(0);
  });

  it('lists the ticked priority topics with their box labels, 70-75 from the computed priorityTopics', () => {
    const def = bandDefinitions['70to75'];
    const boxLabel = (key: string) =>
      fieldsOf(def)
        .get(key)
        ?.group?.boxes.find((b) => b.key === key)?.label;
    // priorityTopics is the computed list of ticked boxes (D3), as the engine stores it.
    const stored = answersFor(def, { betterSleep: true, screeningInfo: true });
    stored.otherConcerns = { ...stored.otherConcerns, priorityTopics: ['betterSleep', 'screeningInfo'] };
    expect(assess(def, stored, ctx(71)).priorities).toEqual([
      { field: 'betterSleep', label: boxLabel('betterSleep') },
      { field: 'screeningInfo', label: boxLabel('screeningInfo') },
    ]);
    expect(boxLabel('betterSleep')).toBeTruthy();
  });

  it('lists ticked priority boxes in definition order (18-25)', () => {
    const def = bandDefinitions['18to25'];
    const report = assess(
      def,
      answersFor(def, { focusScreeningInfo: true, focusSleep: true, focusStopAlcohol: false }),
      ctx(20),
    );
    expect(report.priorities.map((p) => p.field)).toEqual(['focusSleep', 'focusScreeningInfo']);
  });

  it("keeps the patient's free text as written, trimmed, and skips blank ones", () => {
    const def = bandDefinitions['18to25'];
    const report = assess(def, answersFor(def, { customFocusTopics: '  Parler du sommeil.  ' }), ctx(22));
    expect(report.freeText).toEqual([
      {
        field: 'customFocusTopics',
        label: fieldsOf(def).get('customFocusTopics')?.item.label,
        text: 'Parler du sommeil.',
      },
    ]);
  });
});
