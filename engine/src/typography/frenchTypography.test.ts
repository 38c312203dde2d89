import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { frenchTypography } from './frenchTypography';
import { typographyFaults } from './typographyFaults';

/** A text with its typography taken away: what must never change are the words. */
const words = (text: string) => text.replace(/[’']/g, "'").replaceAll('…', '...').replace(/\s/gu, '');

describe('frenchTypography', () => {
  it('writes the typographic form of answer strings and texts', () => {
    expect(frenchTypography("Moins d'une heure")).toBe('Moins d’une heure');
    expect(frenchTypography("J'ai arrêté")).toBe('J’ai arrêté');
    expect(frenchTypography('Moins de 6h')).toBe('Moins de 6\u00a0h');
    expect(frenchTypography('Vous êtes :')).toBe('Vous êtes\u00a0:');
    expect(frenchTypography('Oui; non!')).toBe('Oui\u00a0; non\u00a0!');
    expect(frenchTypography('« Suivant »')).toBe('«\u00a0Suivant\u00a0»');
    expect(frenchTypography('30 €, 10%')).toBe('30\u00a0€, 10\u00a0%');
    expect(frenchTypography('Chargement...')).toBe('Chargement…');
  });

  it('leaves alone what is right, and what is not prose', () => {
    for (const text of [
      'Oui',
      'Non concerné(e)',
      'Vous êtes\u00a0:',
      'à 10:30',
      'https://x.fr/a:b?q=1',
      "le mot 'oui'",
      'Appelez le 3114',
      '12\u202f345,68',
    ]) {
      expect(frenchTypography(text)).toBe(text);
    }
  });

  it('leaves no fault, changes no word, and is idempotent, whatever the text', () => {
    const alphabet = fc.constantFrom(
      ...[
        'a',
        'é',
        "'",
        ' ',
        '\u00a0',
        '\u202f',
        '\n',
        ':',
        ';',
        '!',
        '?',
        '«',
        '»',
        '.',
        '3',
        '0',
        '€',
        '%',
        'c',
        'm',
        'h',
        '/',
        'https://x.fr',
      ],
    );
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 14 }), (parts) => {
        const text = parts.join('');
        const typographic = frenchTypography(text);
        expect(typographyFaults(typographic)).toEqual([]);
        expect(words(typographic)).toBe(words(text));
        expect(frenchTypography(typographic)).toBe(typographic);
      }),
      { numRuns: 3000 },
    );
  });
});
