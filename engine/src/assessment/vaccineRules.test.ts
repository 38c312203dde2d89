// Issues 16 and 31: the vaccine rules of the newest definitions, on the 2025 calendar. Every band
// carries the same rules over its own questions, read from the age on the date of the bilan (not
// the band) and from the risk factors the band asks; a vaccine is « À jour » only from a question
// about that vaccine, never from the general one. Ages are reached through reportOf, from a birth
// date and the record's date: the day before and the day of each birthday that matters.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BandCode } from '../definition';
import { answersFor, optionOf } from '../testing/answersFor';
import { reportOf } from '../record/reportContext';
import { bandDefinitions } from '../testing/testBands';
import type { DueItem } from './assessmentTypes';

const BANDS = ['18to25', '45to50', '60to65', '70to75'] as const satisfies readonly BandCode[];

type Factor = 'respiratory' | 'heart' | 'diabetes' | 'cancer' | 'inflammatory' | 'smoking';

/** The box each band ticks for a risk factor, where the band asks it (README: which are not asked). */
const FACTOR_BOXES: Record<BandCode, Partial<Record<Factor, string>>> = {
  '18to25': { respiratory: 'maladiesRespiratoires', diabetes: 'diabete', cancer: 'cancers', smoking: 'smoke' },
  '45to50': {
    respiratory: 'Respiratory',
    heart: 'Cardiovascular',
    diabetes: 'Diabetes',
    cancer: 'Cancers',
    inflammatory: 'ChronicInflammatory',
    smoking: 'smokingFume',
  },
  '60to65': {
    respiratory: 'personalHistory_Respiratory',
    heart: 'personalHistory_Cardiovascular',
    diabetes: 'personalHistory_Diabetes',
    cancer: 'personalHistory_Cancers',
    smoking: 'smokingFume',
  },
  '70to75': {
    respiratory: 'respiratoryDiseases',
    heart: 'cardiovascularDiseases',
    diabetes: 'diabetes',
    cancer: 'cancers',
    smoking: 'smoking',
  },
};

/** The question each band asks about vaccines in general (its answers: Oui, Non, Je ne sais pas). */
const VACCINE_QUESTION: Record<BandCode, string> = {
  '18to25': 'vaccinesUpToDate',
  '45to50': 'upToDateVaccines',
  '60to65': 'vaccinationStatus',
  '70to75': 'vaccinesUpToDate',
};

const BIRTH = '1950-03-10';
const BIRTH_YEAR = 1950;

/** Noon in Paris on a calendar day, so that the Paris date is the day meant. */
const day = (iso: string) => new Date(`${iso}T11:00:00Z`);
const iso = (year: number, monthDay: string) => `${String(year).padStart(4, '0')}-${monthDay}`;
/** The day before the birthday of `age`, and the birthday itself. */
const dayBefore = (age: number) => day(iso(BIRTH_YEAR + age, '03-09'));
const birthday = (age: number) => day(iso(BIRTH_YEAR + age, '03-10'));

function factorAnswers(band: BandCode, factors: readonly Factor[]): Record<string, boolean> {
  return Object.fromEntries(
    factors.map((f) => {
      const box = FACTOR_BOXES[band][f];
      if (!box) throw new Error(`${band} does not ask ${f}`);
      return [box, true];
    }),
  );
}

function dueOn(band: BandCode, date: Date, values: Record<string, string | number | boolean> = {}): DueItem[] {
  const definition = bandDefinitions[band];
  return reportOf({
    definition,
    answers: answersFor(definition, values),
    date,
    patient: { civility: 'Madame', birthDate: BIRTH },
  }).due;
}

const vaccineIds = (items: DueItem[]) => items.filter((d) => d.theme === 'vaccinations').map((d) => d.id);
const listed = (band: BandCode, date: Date, id: string, values: Record<string, string | number | boolean> = {}) =>
  vaccineIds(dueOn(band, date, values)).includes(id);

/** A BMI from a height of 160 cm: 40 kg/m² is 102.4 kg, 30 kg/m² is 76.8 kg. */
const bmiAnswers = (weight: number) => ({ height: 160, weight });

describe.each(BANDS)('vaccine rules of %s (newest version)', (band) => {
  const definition = bandDefinitions[band];
  const boxes = FACTOR_BOXES[band];

  it('reads the age on the date of the bilan: a day changes it', () => {
    expect(
      reportOf({ definition, answers: {}, date: dayBefore(65), patient: { civility: 'Madame', birthDate: BIRTH } })
        .context.age,
    ).toBe(64);
    expect(
      reportOf({ definition, answers: {}, date: birthday(65), patient: { civility: 'Madame', birthDate: BIRTH } })
        .context.age,
    ).toBe(65);
  });

  // [rule, birthday, listed the day before, listed on the day], with no risk factor.
  const boundaries: Array<[string, number, boolean, boolean]> = [
    ['hpv-catch-up', 15, false, true],
    ['hpv-catch-up', 27, true, false],
    ['dtp-25', 25, false, true],
    ['dtp-25', 40, true, false],
    ['dtp-45', 45, false, true],
    ['dtp-45', 65, true, false],
    ['dtp-65', 65, false, true],
    ['dtp-65', 75, true, false],
    ['dtp-every-10-years', 75, false, true],
    ['dtp-every-10-years', 85, true, true],
    ['dtp-every-10-years', 95, true, true],
    ['influenza', 65, false, true],
    ['covid-19', 65, false, true],
    ['pneumococcus', 65, false, true],
    ['shingles', 65, false, true],
    ['rsv', 75, false, true],
  ];

  it.each(boundaries)('%s around the birthday of %i: %s the day before, %s on the day', (id, age, before, on) => {
    expect(listed(band, dayBefore(age), id)).toBe(before);
    expect(listed(band, birthday(age), id)).toBe(on);
  });

  it('counts a birthday of 29 February as reached on the first of March (D19)', () => {
    const leap = (iso: string) =>
      reportOf({ definition, answers: {}, date: day(iso), patient: { civility: 'Madame', birthDate: '1960-02-29' } });
    expect(leap('2025-02-28').context.age).toBe(64);
    expect(vaccineIds(leap('2025-02-28').due)).not.toContain('shingles');
    expect(leap('2025-03-01').context.age).toBe(65);
    expect(vaccineIds(leap('2025-03-01').due)).toContain('shingles');
  });

  it('tells the day before 65 what becomes due at 65, and nothing more once it is due', () => {
    const report = (date: Date, values: Record<string, string | boolean> = {}) =>
      reportOf({
        definition,
        answers: answersFor(definition, values),
        date,
        patient: { civility: 'Madame', birthDate: BIRTH },
      });
    expect(report(dayBefore(65)).upcoming).toEqual({
      age: 65,
      items: [
        { id: 'dtp-65', short: 'rappel dTPolio', seasonal: false },
        { id: 'shingles', short: 'zona', seasonal: false },
        { id: 'pneumococcus', short: 'pneumocoque', seasonal: false },
        { id: 'influenza', short: 'grippe', seasonal: true },
        { id: 'covid-19', short: 'Covid-19', seasonal: true },
      ],
    });
    // A diabetes already makes influenza and COVID-19 due; pneumococcus is to see with the doctor
    // before 65 (issue 42: the box does not tell an unbalanced diabetes), due for everyone at 65.
    if (boxes.diabetes)
      expect(report(dayBefore(65), factorAnswers(band, ['diabetes'])).upcoming?.items.map((i) => i.id)).toEqual([
        'dtp-65',
        'shingles',
        'pneumococcus',
      ]);
    expect(report(birthday(65)).upcoming).toBeNull();
    expect(report(dayBefore(75)).upcoming?.items.map((i) => i.id)).toEqual(['dtp-every-10-years', 'rsv']);
  });

  it('lists exactly one dTPolio booster from 25 to 39 and from 45 on, none between', () => {
    const boosters = (age: number) => vaccineIds(dueOn(band, birthday(age))).filter((id) => id.startsWith('dtp-'));
    expect(boosters(24)).toEqual([]);
    expect(boosters(25)).toEqual(['dtp-25']);
    expect(boosters(39)).toEqual(['dtp-25']);
    expect(boosters(40)).toEqual([]);
    expect(boosters(44)).toEqual([]);
    for (const [age, id] of [
      [45, 'dtp-45'],
      [64, 'dtp-45'],
      [65, 'dtp-65'],
      [74, 'dtp-65'],
      [75, 'dtp-every-10-years'],
      [85, 'dtp-every-10-years'],
    ] as const) {
      expect(boosters(age), String(age)).toEqual([id]);
    }
  });

  it('RSV from 65 with a chronic respiratory or heart disease, where the band asks it', () => {
    for (const factor of ['respiratory', 'heart'] as const) {
      if (!boxes[factor]) continue;
      const values = factorAnswers(band, [factor]);
      expect(listed(band, dayBefore(65), 'rsv', values), factor).toBe(false);
      expect(listed(band, birthday(65), 'rsv', values), factor).toBe(true);
    }
  });

  it('shingles from 18 when a cancer is declared (to check: immunosuppression is not asked), then from 65 for everyone', () => {
    const values = factorAnswers(band, ['cancer']);
    expect(listed(band, dayBefore(18), 'shingles-immunocompromised', values)).toBe(false);
    expect(listed(band, birthday(18), 'shingles-immunocompromised', values)).toBe(true);
    expect(listed(band, dayBefore(65), 'shingles-immunocompromised', values)).toBe(true);
    expect(listed(band, birthday(65), 'shingles-immunocompromised', values)).toBe(false);
    expect(listed(band, birthday(65), 'shingles', values)).toBe(true);
    // Without the answer, nothing before 65.
    expect(listed(band, birthday(18), 'shingles-immunocompromised')).toBe(false);
  });

  // What each risk factor alone lists at 40 (below every age threshold, above the HPV catch-up).
  const alone: Array<[Factor, string[]]> = [
    // The calendar limits pneumococcus before 65 to chronic respiratory diseases and severe asthma,
    // heart failure or cyanotic congenital heart disease, diabetes not balanced by diet alone: a box
    // does not tell them apart, so it is to see with the doctor (issue 42).
    ['respiratory', ['pneumococcus-risk', 'influenza', 'covid-19']],
    ['heart', ['pneumococcus-risk', 'influenza', 'covid-19']],
    ['diabetes', ['pneumococcus-risk', 'influenza', 'covid-19']],
    ['cancer', ['shingles-immunocompromised', 'vaccines-immunocompromised']],
    ['inflammatory', ['shingles-immunocompromised', 'vaccines-immunocompromised']],
    ['smoking', []],
  ];

  it.each(alone.filter(([factor]) => boxes[factor] !== undefined))('%s alone at 40 lists %j', (factor, ids) => {
    expect(vaccineIds(dueOn(band, birthday(40), factorAnswers(band, [factor])))).toEqual(ids);
  });

  it('nothing at 40 without a risk factor; a BMI of 40 or more lists influenza and COVID-19, of 30 or more COVID-19', () => {
    expect(vaccineIds(dueOn(band, birthday(40)))).toEqual([]);
    expect(vaccineIds(dueOn(band, birthday(40), bmiAnswers(102.4)))).toEqual(['influenza', 'covid-19']);
    expect(vaccineIds(dueOn(band, birthday(40), bmiAnswers(102.3)))).toEqual(['covid-19']);
    expect(vaccineIds(dueOn(band, birthday(40), bmiAnswers(76.8)))).toEqual(['covid-19']);
    expect(vaccineIds(dueOn(band, birthday(40), bmiAnswers(76.7)))).toEqual([]);
  });

  it('an established risk factor makes the immunosuppression check redundant', () => {
    const factor = boxes.heart ? 'heart' : 'diabetes';
    expect(vaccineIds(dueOn(band, birthday(40), factorAnswers(band, ['cancer', factor])))).toEqual([
      'pneumococcus-risk',
      'influenza',
      'covid-19',
      'shingles-immunocompromised',
    ]);
  });

  it('never reads « À jour » from the general vaccine question: to check, every autumn, or with the doctor (issue 31)', () => {
    const question = VACCINE_QUESTION[band];
    const statuses = (index: number | null, age: number, factors: Factor[] = []) => {
      const values: Record<string, string | boolean> = { ...factorAnswers(band, factors) };
      if (index !== null) values[question] = optionOf(definition, question, index);
      return Object.fromEntries(
        dueOn(band, birthday(age), values)
          .filter((d) => d.theme === 'vaccinations')
          .map((d) => [d.id, d.status]),
      );
    };
    for (const index of [0, 1, 2, null]) {
      expect(statuses(index, 66), String(index)).toEqual({
        'dtp-65': 'unknown',
        shingles: 'unknown',
        pneumococcus: 'unknown',
        influenza: 'seasonal',
        'covid-19': 'seasonal',
      });
      expect(statuses(index, 40, ['cancer'])).toEqual({
        'shingles-immunocompromised': 'askDoctor',
        'vaccines-immunocompromised': 'askDoctor',
      });
      expect(statuses(index, 40, ['respiratory'])['pneumococcus-risk']).toBe('askDoctor');
    }
  });

  it('says why each vaccine is listed: the age, the ticked box, the measure; no general answer behind a status', () => {
    const question = VACCINE_QUESTION[band];
    const factor = boxes.heart ? 'heart' : 'diabetes';
    const values = { ...factorAnswers(band, [factor]), [question]: optionOf(definition, question, 0) };
    const influenza = dueOn(band, birthday(40), values).find((d) => d.id === 'influenza');
    expect(influenza?.reasons).toEqual([{ field: boxes[factor], value: true }]);
    expect(dueOn(band, birthday(66)).find((d) => d.id === 'influenza')?.reasons).toEqual([
      { field: '$age', value: 66 },
    ]);
    const heavy = dueOn(band, birthday(40), bmiAnswers(110)).find((d) => d.id === 'covid-19');
    expect(heavy?.reasons.map((r) => r.field)).toEqual(['$bmi']);
  });

  it('holds for any age, any risk factors, any BMI and any general vaccine answer (property)', () => {
    const asked: Factor[] = (Object.keys(boxes) as Factor[]).filter((f) => f !== 'smoking');
    const question = VACCINE_QUESTION[band];
    fc.assert(
      fc.property(
        fc.integer({ min: 18, max: 99 }),
        fc.subarray(asked),
        // No BMI, 31.3 (COVID-19's threshold) or 40.6 (influenza's too).
        fc.constantFrom(null, 80, 104),
        fc.constantFrom(null, 0, 1, 2),
        (age, factors, weight, general) => {
          const values = {
            ...factorAnswers(band, factors),
            ...(weight === null ? {} : bmiAnswers(weight)),
            ...(general === null ? {} : { [question]: optionOf(definition, question, general) }),
          };
          const due = dueOn(band, birthday(age), values);
          const ids = vaccineIds(due);
          const has = (f: Factor) => factors.includes(f);
          const chronic = has('respiratory') || has('heart') || has('diabetes');
          const possiblyImmunocompromised = has('cancer') || has('inflammatory');
          const pneumoReason = age >= 65;
          expect(ids.includes('influenza')).toBe(age >= 65 || chronic || weight === 104);
          expect(ids.includes('covid-19')).toBe(age >= 65 || chronic || weight !== null);
          expect(ids.includes('pneumococcus')).toBe(pneumoReason);
          expect(ids.includes('pneumococcus-risk')).toBe(chronic && !pneumoReason);
          expect(ids.includes('meningococcus-catch-up')).toBe(band === '18to25' && age <= 24);
          expect(ids.includes('shingles')).toBe(age >= 65);
          expect(ids.includes('shingles-immunocompromised')).toBe(age < 65 && possiblyImmunocompromised);
          expect(ids.includes('vaccines-immunocompromised')).toBe(possiblyImmunocompromised && !(age >= 65 || chronic));
          expect(ids.includes('rsv')).toBe(age >= 75 || (age >= 65 && (has('respiratory') || has('heart'))));
          expect(ids.includes('hpv-catch-up')).toBe(age <= 26);
          expect(ids.filter((id) => id.startsWith('dtp-')).length).toBe((age >= 25 && age <= 39) || age >= 45 ? 1 : 0);
          for (const item of due.filter((d) => d.theme === 'vaccinations')) {
            expect(item.reasons.length, item.id).toBeGreaterThan(0);
            expect(item.status, item.id).not.toBe('upToDate');
            expect(item.status, item.id).not.toBe('due');
          }
        },
      ),
      { numRuns: 80 },
    );
  });
});

describe('18-25: HPV from its own question, and the vaccines of a pregnancy (issue 31)', () => {
  const band = '18to25';
  const definition = bandDefinitions[band];
  const born = '2004-03-10';
  const on = (iso: string, values: Record<string, string | boolean>) =>
    reportOf({
      definition,
      answers: answersFor(definition, values),
      date: day(iso),
      patient: { civility: 'Madame', birthDate: born },
    }).due;
  const statusOf = (items: DueItem[], id: string) => items.find((d) => d.id === id)?.status;

  it('reads the HPV catch-up up to date, due or unknown from « vacciné(e) contre les HPV », until 26 inclusive', () => {
    const answer = (index: number) => ({ hpvVaccinated: optionOf(definition, 'hpvVaccinated', index) });
    expect([0, 1, 2].map((i) => statusOf(on('2024-03-10', answer(i)), 'hpv-catch-up'))).toEqual([
      'upToDate',
      'due',
      'unknown',
    ]);
    expect(statusOf(on('2031-03-09', answer(1)), 'hpv-catch-up')).toBe('due');
    expect(statusOf(on('2031-03-10', answer(1)), 'hpv-catch-up')).toBeUndefined();
  });

  it('lists pertussis due at every pregnancy (issue 42), influenza and COVID-19 in season, maternal RSV, and postpones the HPV catch-up', () => {
    const pregnant = { gender: optionOf(definition, 'gender', 1), pregnancy: optionOf(definition, 'pregnancy', 0) };
    const items = on('2026-03-10', { ...pregnant, hpvVaccinated: optionOf(definition, 'hpvVaccinated', 1) });
    expect(Object.fromEntries(items.map((d) => [d.id, d.status]))).toEqual({
      'meningococcus-catch-up': 'unknown',
      'hpv-after-pregnancy': 'postponed',
      influenza: 'seasonal',
      'covid-19': 'seasonal',
      'pertussis-pregnancy': 'due',
      'rsv-pregnancy': 'askDoctor',
    });
    // Vaccinated against HPV already: nothing to postpone.
    expect(
      on('2026-03-10', { ...pregnant, hpvVaccinated: optionOf(definition, 'hpvVaccinated', 0) }).map((d) => d.id),
    ).not.toContain('hpv-after-pregnancy');
    // « Je ne sais pas » is no pregnancy: the catch-up stays as it was.
    const unsure = on('2026-03-10', { pregnancy: optionOf(definition, 'pregnancy', 2) }).map((d) => d.id);
    expect(unsure).toEqual(['hpv-catch-up', 'meningococcus-catch-up']);
  });
});
