import { compareVersions } from './compareDefinitions';
import type { Band, BandCode, Definition } from './definition';

/** What the registry reads of a version: a definition, or a catalog entry that loads one. */
export interface Versioned {
  readonly id: string;
  readonly version: string;
  readonly band: Band;
}

/** Every definition version of the product, and how to find the one a form needs. */
export interface Registry<T extends Versioned = Definition> {
  /** Every version, as given (codegen orders them by id, then version). */
  readonly definitions: readonly T[];
  /** The band of the newest definition of each band code, in the order the codes first appear. */
  readonly bands: readonly Band[];
  /** The newest version of a band's questionnaire: what a new patient fills in. Throws for a band without one. */
  latest(band: BandCode): T;
  /** Every version of a band's questionnaire, oldest first (the first is what the oldest stored forms hold). */
  versions(band: BandCode): readonly T[];
  /** The version a form was given in (D5), or undefined. */
  find(id: string, version: string): T | undefined;
}

/**
 * The registry over the generated definitions data (`@bilan/generated/definitions`), or over the
 * catalog of versions a browser loads one at a time (`@bilan/generated/catalog`). Its functions
 * close over the list, so they can be passed around or destructured.
 */
export function createRegistry<T extends Versioned = Definition>(definitions: readonly T[]): Registry<T> {
  const newest = new Map<BandCode, T>();
  for (const definition of definitions) {
    const best = newest.get(definition.band.code);
    if (!best || compareVersions(definition.version, best.version) > 0) newest.set(definition.band.code, definition);
  }
  const byRef = new Map(definitions.map((d) => [`${d.id}@${d.version}`, d]));
  const byBand = new Map<BandCode, T[]>();
  for (const definition of definitions)
    byBand.set(definition.band.code, [...(byBand.get(definition.band.code) ?? []), definition]);
  for (const list of byBand.values()) list.sort((a, b) => compareVersions(a.version, b.version));
  return {
    definitions,
    bands: [...newest.values()].map((d) => d.band),
    latest(band) {
      const found = newest.get(band);
      if (!found) throw new Error(`no definition for band ${band}`);
      return found;
    },
    versions(band) {
      return byBand.get(band) ?? [];
    },
    find(id, version) {
      return byRef.get(`${id}@${version}`);
    },
  };
}
