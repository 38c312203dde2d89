import { describe, expect, it } from 'vitest';
import { createRegistry } from '@bilan/engine';
import { definitions } from '@bilan/generated/definitions';
import { ageRanges } from './ageRanges';
import { birthDateError, checkBirthDate } from './birthDate';

const { bands } = createRegistry(definitions);
// Noon in Paris on 15 March 2026, and just after midnight in Paris on 16 March (still the 15th in UTC).
const noon = new Date('2026-03-15T11:00:00Z');
const parisMidnight = new Date('2026-03-15T23:30:00Z');
const parts = (day: string, month: string, year: string) => ({ day, month, year });

describe('checkBirthDate', () => {
  it('says nothing while the date is being typed', () => {
    expect(checkBirthDate(parts('', '', ''), noon, bands)).toEqual({ status: 'empty' });
    expect(checkBirthDate(parts('5', '', '19'), noon, bands)).toEqual({ status: 'incomplete', missing: ['month'] });
    expect(checkBirthDate(parts('5', '4', '197'), noon, bands)).toEqual({ status: 'shortYear' });
    expect(birthDateError(checkBirthDate(parts('5', '4', '197'), noon, bands), false)).toBeNull();
  });

  it('reads one- or two-digit days and months and counts the age on the Paris calendar (D19)', () => {
    expect(checkBirthDate(parts('16', '3', '1976'), noon, bands)).toMatchObject({
      status: 'eligible',
      iso: '1976-03-16',
      age: 49,
      band: { code: '45to50' },
    });
    expect(checkBirthDate(parts('16', '03', '1976'), parisMidnight, bands)).toMatchObject({
      status: 'eligible',
      age: 50,
    });
    expect(checkBirthDate(parts('16', '3', '2000'), parisMidnight, bands)).toMatchObject({
      status: 'ineligible',
      age: 26,
    });
  });

  it('refuses unreal and future dates and bad characters, naming the fields concerned', () => {
    expect(checkBirthDate(parts('31', '2', '1980'), noon, bands)).toEqual({
      status: 'invalid',
      parts: ['day', 'month'],
    });
    expect(checkBirthDate(parts('1a', '2', '1980'), noon, bands)).toEqual({ status: 'invalid', parts: ['day'] });
    expect(checkBirthDate(parts('1', '2', '1880'), noon, bands)).toEqual({ status: 'invalid', parts: ['year'] });
    expect(checkBirthDate(parts('16', '3', '2026'), noon, bands)).toEqual({ status: 'future' });
  });

  it('knows a real date is valid before the bands are loaded', () => {
    expect(checkBirthDate(parts('1', '2', '1980'), noon, null)).toEqual({ status: 'valid', iso: '1980-02-01' });
  });

  it('words what is missing on submit', () => {
    expect(birthDateError(checkBirthDate(parts('', '', ''), noon, bands), true)).toBe(
      'Veuillez saisir votre date de naissance.',
    );
    expect(birthDateError(checkBirthDate(parts('1', '', ''), noon, bands), true)).toBe(
      'Il manque le mois et l’année de votre date de naissance.',
    );
    expect(ageRanges()).toBe('18-25, 45-50, 60-65 et 70-75');
  });
});
