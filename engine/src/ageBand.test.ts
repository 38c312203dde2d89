import { describe, expect, it } from 'vitest';
import {
  ageInYears,
  ageNotEligibleMessage,
  eligibleAgesText,
  bandForBirthDate,
  InvalidBirthDateError,
  isValidBirthDate,
} from './ageBand';
import { bandDefinitions } from './testing/testBands';

const bands = Object.values(bandDefinitions).map((d) => d.band);

/** Noon in Paris on a calendar date, far from any midnight. */
const onParisDay = (iso: string) => new Date(`${iso}T11:00:00Z`);

/** The birth date of someone whose `years`-th birthday is `iso`. */
function bornYearsBefore(iso: string, years: number): string {
  const [y, m, d] = iso.split('-');
  return `${String(Number(y) - years).padStart(4, '0')}-${m}-${d}`;
}

describe('ageInYears', () => {
  it('counts completed years: the day before a birthday, then the day of it', () => {
    expect(ageInYears('2000-06-15', onParisDay('2018-06-14'))).toBe(17);
    expect(ageInYears('2000-06-15', onParisDay('2018-06-15'))).toBe(18);
  });

  it('uses the Paris calendar date of now (D19)', () => {
    // 23:30 UTC on 14 March is 00:30 on 15 March in Paris: the birthday has come.
    expect(ageInYears('2008-03-15', new Date('2026-03-14T23:30:00Z'))).toBe(18);
    expect(ageInYears('2008-03-15', new Date('2026-03-14T22:30:00Z'))).toBe(17);
  });

  it('gives someone born on 29 February a birthday on 1 March in other years', () => {
    expect(ageInYears('2008-02-29', onParisDay('2026-02-28'))).toBe(17);
    expect(ageInYears('2008-02-29', onParisDay('2026-03-01'))).toBe(18);
    expect(ageInYears('2008-02-29', onParisDay('2028-02-29'))).toBe(20);
  });

  it('is 0 on the day of birth', () => {
    expect(ageInYears('2026-03-15', new Date('2026-03-14T23:30:00Z'))).toBe(0);
  });

  it('refuses what is not a real YYYY-MM-DD date', () => {
    const now = onParisDay('2026-03-15');
    for (const bad of [
      '2023-02-29',
      '2000-13-01',
      '2000-00-10',
      '2000-04-31',
      '2000-4-1',
      '01/04/2000',
      '2000-04-01T00:00',
      '',
      ' 2000-04-01',
    ]) {
      expect(() => ageInYears(bad, now), bad).toThrow(InvalidBirthDateError);
      expect(isValidBirthDate(bad, now), bad).toBe(false);
    }
    expect(isValidBirthDate('2000-02-29', now)).toBe(true);
  });

  it('refuses a birth date after today in Paris', () => {
    expect(() => ageInYears('2026-03-16', new Date('2026-03-14T23:30:00Z'))).toThrow(InvalidBirthDateError);
    expect(isValidBirthDate('2026-03-15', new Date('2026-03-14T23:30:00Z'))).toBe(true);
    expect(isValidBirthDate('2026-03-15', new Date('2026-03-14T22:30:00Z'))).toBe(false);
  });
});

describe('bandForBirthDate', () => {
  // [birthday reached on the day, band from that day, band the day before]
  const edges: Array<[years: number, from: string | null, before: string | null]> = [
    [18, '18to25', null],
    [26, null, '18to25'],
    [45, '45to50', null],
    [51, null, '45to50'],
    [60, '60to65', null],
    [66, null, '60to65'],
    [70, '70to75', null],
    [76, null, '70to75'],
  ];
  const today = '2026-03-15';
  const now = new Date('2026-03-14T23:30:00Z'); // already 15 March in Paris

  for (const [years, from, before] of edges) {
    it(`on the ${years}th birthday: ${from ?? 'not eligible'}; the day before: ${before ?? 'not eligible'}`, () => {
      expect(bandForBirthDate(bornYearsBefore(today, years), now, bands)).toBe(from);
      // Born one day later: the birthday is tomorrow in Paris.
      expect(bandForBirthDate(bornYearsBefore('2026-03-16', years), now, bands)).toBe(before);
    });
  }

  it('keeps each band inclusive at both ends', () => {
    expect(bandForBirthDate(bornYearsBefore(today, 25), now, bands)).toBe('18to25');
    expect(bandForBirthDate(bornYearsBefore(today, 50), now, bands)).toBe('45to50');
    expect(bandForBirthDate(bornYearsBefore(today, 65), now, bands)).toBe('60to65');
    expect(bandForBirthDate(bornYearsBefore(today, 75), now, bands)).toBe('70to75');
  });

  it('finds no band between the bands or outside them', () => {
    for (const years of [0, 17, 30, 44, 55, 67, 80, 100])
      expect(bandForBirthDate(bornYearsBefore(today, years), now, bands)).toBeNull();
  });

  it('refuses an invalid birth date rather than calling it ineligible', () => {
    expect(() => bandForBirthDate('2000-02-30', now, bands)).toThrow(InvalidBirthDateError);
  });
});

describe('eligibleAgesText and ageNotEligibleMessage', () => {
  const bands = [
    { minAge: 45, maxAge: 50 },
    { minAge: 18, maxAge: 25 },
    { minAge: 70, maxAge: 75 },
    { minAge: 60, maxAge: 65 },
  ];
  it('lists the bands by age, in French', () => {
    expect(eligibleAgesText(bands)).toBe('18-25, 45-50, 60-65 et 70-75\u00a0ans');
    expect(eligibleAgesText([{ minAge: 18, maxAge: 25 }])).toBe('18-25\u00a0ans');
  });
  it('says what to do and who the bilan is for', () => {
    expect(ageNotEligibleMessage(bands)).toBe(
      'Votre tranche d’âge n’est pas éligible à un questionnaire pour le moment. Parlez-en à votre pharmacien\u00a0; le bilan s’adresse aux 18-25, 45-50, 60-65 et 70-75\u00a0ans.',
    );
  });
});
