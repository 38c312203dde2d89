import { describe, expect, it } from 'vitest';
import { definitions } from '@bilan/generated/definitions';
import { createRegistry } from './registry';
import { genderFromCivility } from './genderFromCivility';

const registry = createRegistry(definitions);

describe('genderFromCivility', () => {
  it('answers each band’s own sex question from the civility, in that question’s words', () => {
    for (const band of ['18to25', '45to50', '60to65', '70to75'] as const) {
      const definition = registry.latest(band);
      const madame = genderFromCivility(definition, 'Madame');
      const monsieur = genderFromCivility(definition, 'Monsieur');
      expect(madame?.field, band).toBe(definition.assessment?.sexField);
      expect(madame && definition.assessment?.sexValues?.[madame.value], band).toBe('femme');
      expect(monsieur && definition.assessment?.sexValues?.[monsieur.value], band).toBe('homme');
      const other = genderFromCivility(definition, 'Autre');
      expect(other && definition.assessment?.sexValues?.[other.value], band).toBe('autre');
      const page = definition.pages.find((p) => p.section === madame?.section);
      expect(
        page?.items.some((i) => i.kind === 'single' && i.key === madame?.field),
        band,
      ).toBe(true);
    }
    // A 1.x version answers in its own words (60-65 says « Une femme »); from 2.0.0 the answer is
    // its code, the same in every band (D41).
    const sixtiesFirst = registry.find('bilan-60to65', '1.4.0');
    if (!sixtiesFirst) throw new Error('60-65 1.4.0 is published');
    expect(genderFromCivility(sixtiesFirst, 'Madame')?.value).toBe('Une femme');
    expect(genderFromCivility(registry.latest('60to65'), 'Madame')?.value).toBe('female');
    expect(genderFromCivility(registry.latest('45to50'), 'Madame')?.value).toBe('female');
  });

  it('gives nothing for an unknown civility or a definition without a sex question', () => {
    const definition = registry.latest('18to25');
    expect(genderFromCivility(definition, 'Docteur')).toBeNull();
    expect(genderFromCivility({ ...definition, assessment: undefined }, 'Madame')).toBeNull();
  });
});
