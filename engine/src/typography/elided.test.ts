import { describe, expect, it } from 'vitest';
import { deName } from './elided';

describe('deName', () => {
  it('elides before a vowel, accented or not, and before h', () => {
    expect(deName('Inès')).toBe('d’Inès');
    expect(deName('Émile')).toBe('d’Émile');
    expect(deName('Hélène')).toBe('d’Hélène');
    expect(deName('Yanis')).toBe('d’Yanis');
  });
  it('keeps « de » before a consonant', () => {
    expect(deName('Paul Martin')).toBe('de Paul Martin');
    expect(deName(' Zoé ')).toBe('de Zoé');
  });
});
