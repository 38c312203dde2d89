import { describe, expect, it } from 'vitest';
import { findDefinition } from '../questionnaire/definitions';
import { assessmentContextOf } from './bilanPdf';

const definition = findDefinition('bilan-45to50', '1.0.0');
if (!definition) throw new Error('definition missing');
const date = new Date('2026-03-10T10:00:00Z');

describe('assessmentContextOf', () => {
  it('counts the age in completed years on the day of the answers (D19)', () => {
    expect(assessmentContextOf({ definition, patient: { civility: 'Madame', birthDate: '1976-03-10' }, date })).toEqual({ age: 50, sex: 'femme', today: '2026-03-10' });
    expect(assessmentContextOf({ definition, patient: { civility: 'Monsieur', birthDate: '1976-03-11' }, date })).toEqual({ age: 49, sex: 'homme', today: '2026-03-10' });
  });

  it('leaves the sex to the answers when the civility does not tell it', () => {
    expect(assessmentContextOf({ definition, patient: { civility: 'Autre', birthDate: '1978-01-01' }, date })).not.toHaveProperty('sex');
  });

  it('uses the band’s upper age for a demo without patient or with an unreadable birth date', () => {
    expect(assessmentContextOf({ definition, patient: null, date }).age).toBe(50);
    expect(assessmentContextOf({ definition, patient: { civility: 'Madame', birthDate: 'hier' }, date }).age).toBe(50);
  });
});
