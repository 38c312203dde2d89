import { describe, expect, it } from 'vitest';
import { suggestedEmail } from './emailSuggestion';

describe('suggestedEmail', () => {
  it.each([
    ['camille@gmial.com', 'camille@gmail.com'],
    ['camille@gmail.con', 'camille@gmail.com'],
    ['jean.dupont@ornage.fr', 'jean.dupont@orange.fr'],
    ['  marie@hotmial.fr ', 'marie@hotmail.fr'],
  ])('suggests the provider meant for %s', (typed, meant) => {
    expect(suggestedEmail(typed)).toBe(meant);
  });

  it.each(['camille@gmail.com', 'jean@orange.fr', 'pharmacie@pharmacie-de-la-gare.fr', 'camille@', 'camille'])(
    'suggests nothing for %s',
    (typed) => {
      expect(suggestedEmail(typed)).toBeNull();
    },
  );
});
