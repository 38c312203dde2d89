// The validators of a version are imported on first use: a synchronous validation before that
// says so (the page save loads them and saves again), and the import happens once.
import { describe, expect, it, vi } from 'vitest';

// A module of its own: the other test files of this worker may have loaded some versions already.
async function freshDefinitions() {
  vi.resetModules();
  return import('./definitions');
}

describe('questionnaire validators', () => {
  it('refuses a synchronous validation until the version is loaded, then validates', async () => {
    const d = await freshDefinitions();
    const definition = d.definitions[0];
    const section = definition?.pages[0]?.section;
    if (!definition || !section) throw new Error('no definition with a page');
    expect(() => d.validateSection(definition, section, {})).toThrow(d.ValidatorsNotLoadedError);
    await d.loadValidators(definition);
    expect(d.validateSection(definition, section, {}).valid).toBe(true);
  });

  it('shares one import between concurrent first callers and keeps it', async () => {
    const d = await freshDefinitions();
    const definition = d.latestDefinition('45to50');
    const [a, b] = await Promise.all([d.loadValidators(definition), d.loadValidators(definition)]);
    expect(a).toBe(b);
    expect(await d.loadValidators(definition)).toBe(a);
  });

  it('validates whole answer sets, loading the version on the way', async () => {
    const d = await freshDefinitions();
    const result = await d.validateAnswers(d.latestDefinition('18to25'), { notASection: 1 });
    expect(result.valid).toBe(false);
  });
});
