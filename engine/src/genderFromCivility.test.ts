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
    expect(genderFromCivility(registry.latest('60to65'), 'Madame')?.value).toBe('Une femme');
    // From 2.0.0 the answer is its code (D41).
    expect(genderFromCivility(registry.latest('45to50'), 'Madame')?.value).toBe('female');
  });

  it('gives nothing for an unknown civility or a definition without a sex question', () => {
    const definition = registry.latest('18to25');
    expect(genderFromCivility(definition, 'Docteur')).toBeNull();
    expect(genderFromCivility({ ...definition, assessment: undefined }, 'Madame')).toBeNull();
  });
});
