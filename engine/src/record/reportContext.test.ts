import { describe, expect, it } from 'vitest';
import { assess } from '../assessment/assess';
import { bandDefinitions } from '../testing/testBands';
import type { FilledRecord } from './filledRecord';
import { reportContextOf, reportOf } from './reportContext';

const definition = bandDefinitions['45to50'];
const date = new Date('2026-03-10T10:00:00Z');
const contextOf = (patient: FilledRecord['patient'], at = date) =>
  reportContextOf({ definition, answers: {}, date: at, patient });

describe('reportContextOf', () => {
  it('counts the age in completed years on the day of the answers (D19)', () => {
    expect(contextOf({ civility: 'Madame', birthDate: '1976-03-10' })).toEqual({
      age: 50,
      sex: 'femme',
      today: '2026-03-10',
    });
    expect(contextOf({ civility: 'Monsieur', birthDate: '1976-03-11' })).toEqual({
      age: 49,
      sex: 'homme',
      today: '2026-03-10',
    });
  });

  it('reads the day on the Paris calendar: at 23:30 UTC it is already the next day, birthday included', () => {
    const lateEvening = new Date('2026-03-09T23:30:00Z');
    expect(contextOf({ civility: 'Madame', birthDate: '1976-03-10' }, lateEvening)).toEqual({
      age: 50,
      sex: 'femme',
      today: '2026-03-10',
    });
    const summerNight = new Date('2026-07-14T22:30:00Z');
    expect(contextOf(null, summerNight).today).toBe('2026-07-15');
  });

  it('leaves the sex to the answers when the civility does not tell it', () => {
    expect(contextOf({ civility: 'Autre', birthDate: '1978-01-01' })).not.toHaveProperty('sex');
    expect(contextOf({ civility: 'toString', birthDate: '1978-01-01' })).not.toHaveProperty('sex');
  });

  it("uses the band's upper age for a demo without patient or with an unreadable birth date", () => {
    expect(contextOf(null)).toEqual({ age: 50, today: '2026-03-10' });
    expect(contextOf(undefined).age).toBe(50);
    expect(contextOf({ civility: 'Madame', birthDate: 'hier' }).age).toBe(50);
    expect(contextOf({ civility: 'Madame', birthDate: '2030-01-01' }).age).toBe(50);
  });
});

describe('reportOf', () => {
  it('is the assessment of the answers in the record context', () => {
    const answers = { physicalHealth: { height: 170, weight: 86.7 } };
    const record: FilledRecord = {
      definition,
      answers,
      date,
      patient: { civility: 'Monsieur', birthDate: '1976-01-15' },
    };
    expect(reportOf(record)).toEqual(assess(definition, answers, { age: 50, sex: 'homme', today: '2026-03-10' }));
    expect(reportOf(record).scores.bmi).toEqual({ value: 30, category: 'obese', status: 'evaluated' });
  });

  it('lets the questionnaire sex answer win over the civility', () => {
    const man =
      definition.assessment?.sexValues &&
      Object.entries(definition.assessment.sexValues).find(([, sex]) => sex === 'homme')?.[0];
    if (!man) throw new Error('no answer string for homme');
    const record: FilledRecord = {
      definition,
      answers: { generalQuestions: { gender: man } },
      date,
      patient: { civility: 'Madame', birthDate: '1976-01-15' },
    };
    expect(reportOf(record).context.sex).toBe('homme');
  });
});
