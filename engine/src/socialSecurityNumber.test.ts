import { describe, expect, it } from 'vitest';
import {
  compactSocialSecurityNumber,
  SOCIAL_SECURITY_NUMBER_MESSAGES,
  socialSecurityNumberProblem,
} from './socialSecurityNumber';

// Issue 41, point 12: the control key is checked, Corsica's 2A and 2B are numbers, spaces typed are removed.
describe('socialSecurityNumberProblem', () => {
  it.each([
    '278057512345675',
    '2 78 05 75 123 456 75',
    '1 80 01 2A 123 456 20',
    '180012a12345620',
    '1 80 01 2B 123 456 47',
  ])('accepts %s', (ssn) => {
    expect(socialSecurityNumberProblem(ssn)).toBeNull();
  });

  it.each([
    ['278057512345678', 'key'],
    ['180012A12345647', 'key'],
    ['27805751234567', 'length'],
    ['2780575123456750', 'length'],
    ['2780575I2345675', 'characters'],
    ['A78057512345675', 'characters'],
    ['2780A7512345675', 'characters'],
    ['278052C12345675', 'characters'],
  ] as const)('refuses %s: %s', (ssn, problem) => {
    expect(socialSecurityNumberProblem(ssn)).toBe(problem);
  });

  it('says precisely what is wrong', () => {
    expect(SOCIAL_SECURITY_NUMBER_MESSAGES.key).toBe(
      'La clé de contrôle ne correspond pas au numéro\u00a0: vérifiez les deux derniers chiffres.',
    );
    expect(compactSocialSecurityNumber(' 1 80 01 2a 123 456 20 ')).toBe('180012A12345620');
  });
});
