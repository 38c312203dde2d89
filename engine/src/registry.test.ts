import { describe, expect, it } from 'vitest';
import type { Definition } from './definition';
import { createRegistry } from './registry';
import { bandDefinitions } from './testing/testBands';

const version = (definition: Definition, v: string): Definition => ({ ...definition, version: v });
// Numbered 1.0.0 whatever the band's newest is, so that 1.9.0, 1.10.0 and 2.0.0 come after it.
const young = version(bandDefinitions['18to25'], '1.0.0');
const old = bandDefinitions['70to75'];

describe('createRegistry', () => {
  it('finds a definition by id and version, and nothing for a version it does not hold', () => {
    const registry = createRegistry([young, old]);
    expect(registry.find('bilan-18to25', young.version)).toBe(young);
    expect(registry.find('bilan-18to25', '9.9.9')).toBeUndefined();
    expect(registry.find(`${old.id}@${old.version}`, '')).toBeUndefined();
  });

  it('gives the newest version of a band, by semantic version rather than by position', () => {
    const v1_10 = version(young, '1.10.0');
    const v1_9 = version(young, '1.9.0');
    const registry = createRegistry([young, v1_10, v1_9]);
    expect(registry.latest('18to25')).toBe(v1_10);
    expect(registry.find('bilan-18to25', '1.9.0')).toBe(v1_9);
  });

  it('lists the versions of a band, oldest first whatever the order given, and none for a band without one', () => {
    const v1_10 = version(young, '1.10.0');
    const v1_9 = version(young, '1.9.0');
    const registry = createRegistry([v1_10, old, young, v1_9]);
    expect(registry.versions('18to25')).toEqual([young, v1_9, v1_10]);
    expect(registry.versions('70to75')).toEqual([old]);
    expect(createRegistry([young]).versions('45to50')).toEqual([]);
  });

  it('refuses a band without a definition', () => {
    expect(() => createRegistry([young]).latest('70to75')).toThrow('no definition for band 70to75');
  });

  it('lists the bands of the newest definitions, each once, in order of appearance', () => {
    const renamed = { ...version(young, '2.0.0'), band: { ...young.band, label: '18 à 25 ans' } };
    const registry = createRegistry([young, renamed, old]);
    expect(registry.bands.map((b) => [b.code, b.label])).toEqual([
      ['18to25', '18 à 25 ans'],
      ['70to75', old.band.label],
    ]);
    expect(registry.definitions).toHaveLength(3);
  });

  it('works with its functions taken apart', () => {
    const { latest, find } = createRegistry([young]);
    expect(latest('18to25')).toBe(young);
    expect(find('bilan-18to25', young.version)).toBe(young);
  });
});
