import { describe, expect, it } from 'vitest';
import { typographyFaults, type TypographyRule } from './typographyFaults';

const rules = (text: string): TypographyRule[] => typographyFaults(text).map((f) => f.rule);

describe('typographyFaults', () => {
  it('finds nothing in a text written with French typography', () => {
    expect(
      typographyFaults(
        'Vous êtes\u00a0: d’accord\u00a0; vraiment\u00a0? Oui\u00a0! «\u00a0Suivant\u00a0», 30\u00a0€, 172\u00a0cm, 10\u00a0%, 24\u00a0h/24…',
      ),
    ).toEqual([]);
  });

  it('a straight apostrophe between letters, not around a word', () => {
    expect(rules("Moins d'une heure")).toEqual(['apostrophe']);
    expect(rules("aujourd'hui, l'IMC")).toEqual(['apostrophe', 'apostrophe']);
    expect(rules("le mot 'oui'")).toEqual([]);
  });

  it('before : ; ! ? an ordinary space, a narrow one (the convention is U+00A0) or none', () => {
    expect(typographyFaults('Vous êtes :')).toEqual([
      {
        rule: 'space-before-punctuation',
        index: 10,
        excerpt: 'Vous·êtes·:',
        message: 'an ordinary space before ":": write a no-break space (U+00A0)',
      },
    ]);
    expect(rules('Oui ; non')).toEqual(['space-before-punctuation']);
    expect(rules('Vraiment\u202f?')).toEqual(['space-before-punctuation']);
    expect(typographyFaults('Vraiment\u202f?')[0]?.message).toBe(
      'a narrow no-break space before "?": the convention is U+00A0',
    );
    expect(rules('Attention!')).toEqual(['space-before-punctuation']);
    expect(rules('Quoi\u00a0?!')).toEqual([]);
  });

  it('a colon that is not punctuation: a time, an address, a pair; a sign at the start or after a line break', () => {
    expect(typographyFaults('à 10:30')).toEqual([]);
    expect(typographyFaults('https://x.fr/a:b?q=1')).toEqual([]);
    expect(typographyFaults('Lien\u00a0: https://bilan.fr/x, contact@bilan.fr, tel:3114')).toEqual([]);
    expect(typographyFaults('a:b')).toEqual([]);
    expect(typographyFaults(': suite')).toEqual([]);
    expect(typographyFaults('Ligne\n: suite')).toEqual([]);
  });

  it('guillemets need a no-break space inside', () => {
    expect(rules('« Suivant »')).toEqual(['space-inside-guillemets', 'space-inside-guillemets']);
    expect(rules('«Suivant»')).toEqual(['space-inside-guillemets', 'space-inside-guillemets']);
    expect(rules('«\u00a0Suivant\u00a0»')).toEqual([]);
  });

  it('a number and its unit or currency, but not a phone number nor a word', () => {
    expect(rules('30 €')).toEqual(['space-before-unit']);
    expect(rules('30€ et 10%')).toEqual(['space-before-unit', 'space-before-unit']);
    expect(rules('172 cm, 70 kg, 22,5 kg/m², 6h, 24 h/24')).toEqual(Array(5).fill('space-before-unit'));
    expect(rules('Prix\u00a0: \ufffc €')).toEqual(['space-before-unit']);
    expect(typographyFaults('Appelez le 3114 ou le 116\u00a0006, 15 ans, 5 mois, 2 heures, 3 minutes')).toEqual([]);
  });

  it('three dots for the ellipsis', () => {
    expect(rules('Chargement...')).toEqual(['ellipsis']);
    expect(rules('Chargement…')).toEqual([]);
  });

  it('is a checker of French text: code given to it is judged as text (the callers choose what to check)', () => {
    expect(rules("C'est")).toEqual(['apostrophe']);
  });
});
