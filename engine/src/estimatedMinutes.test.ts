import { describe, expect, it } from 'vitest';
import { definitions } from '@bilan/generated/definitions';
import { createRegistry } from './registry';
import { estimatedMinutes } from './estimatedMinutes';
import type { Definition, ResolvedPageItem } from './definition';

const registry = createRegistry(definitions);

function definitionWith(items: Definition['pages'][number]['items']): Definition {
  const newest = registry.latest('18to25');
  return { ...newest, pages: [{ ...newest.pages[0]!, title: 'Page', subtitle: undefined, items }] };
}

describe('estimatedMinutes', () => {
  it('gives each band a plausible duration in whole multiples of 5 minutes', () => {
    for (const band of ['18to25', '45to50', '60to65', '70to75'] as const) {
      const minutes = estimatedMinutes(registry.latest(band));
      expect(minutes % 5, band).toBe(0);
      expect(minutes, band).toBeGreaterThanOrEqual(5);
      expect(minutes, band).toBeLessThanOrEqual(30);
    }
  });

  it('grows with the words to read and the answers to give', () => {
    const question = (n: number): ResolvedPageItem => ({
      kind: 'single',
      key: `q${n}`,
      label: 'Une question de cinq mots',
      options: ['Oui', 'Non'],
    });
    const few = definitionWith(Array.from({ length: 10 }, (_, n) => question(n)));
    const many = definitionWith(Array.from({ length: 200 }, (_, n) => question(n)));
    expect(estimatedMinutes(few)).toBe(5);
    // 200 questions: 1,400 words at 150 a minute (9.3 min) and 200 answers at 5 s (16.7 min): 26 min, so 30.
    expect(estimatedMinutes(many)).toBe(30);
  });
});
