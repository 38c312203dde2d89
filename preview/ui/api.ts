import type { Answers, BandCode, Definition } from '@bilan/engine';

/** One version of the folder, as the preview lists it (definitionsApi.ts). */
export interface ListedVersion {
  id: string;
  version: string;
  band: { code: BandCode; label: string };
  published: boolean;
}

export interface VersionDiff {
  previous: string | null;
  added: Array<{ key: string; page: string; label: string }>;
  removed: Array<{ key: string; page: string; label: string }>;
  reworded: Array<{ key: string; page: string; before: string; after: string }>;
}

export interface VersionData {
  /** In French, or in the language asked (its translation applied, D41). */
  definition: Definition;
  /** The version's other languages, and whether a reviewer has read each. */
  languages: Array<{ language: string; reviewed: boolean }>;
  published: boolean;
  diff: VersionDiff;
  problems: string[];
}

export interface FixtureData {
  name: string;
  description: string;
  answers: Answers;
  context: { age: number; sex?: 'femme' | 'homme' | 'autre' } | null;
}

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(path, { cache: 'no-store' });
  const body = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(body.error ?? `HTTP ${response.status}`);
  return body;
}

export const listVersions = () =>
  getJson<{ versions: ListedVersion[]; problems: string[] }>('/__definitions/index.json');

export const loadVersion = (id: string, version: string, language?: string) =>
  getJson<VersionData>(
    `/__definitions/version.json?id=${encodeURIComponent(id)}&version=${encodeURIComponent(version)}${
      language ? `&language=${encodeURIComponent(language)}` : ''
    }`,
  );

export const loadFixtureList = (band: BandCode) =>
  getJson<{ fixtures: FixtureData[] }>(`/__definitions/fixtures.json?band=${band}`);

/** Calls `listener` each time a definition file of the folder is saved (the server says so). */
export function onDefinitionsChanged(listener: () => void): () => void {
  const hot = import.meta.hot;
  if (!hot) return () => undefined;
  hot.on('definitions:changed', listener);
  return () => hot.off('definitions:changed', listener);
}

/** What the shell and its frame say to each other (postMessage, same origin). */
export type Message =
  { type: 'answers'; answers: Answers } | { type: 'route'; route: string } | { type: 'goto'; route: string };

/** `#/bilan-45to50/1.3.0/general-questions`: what the address says to show. */
export interface Place {
  id: string;
  version: string;
  route: string;
}

export function placeOf(hash: string): Place | null {
  const [id, version, route = ''] = hash.replace(/^#\/?/, '').split('/');
  return id && version ? { id, version, route } : null;
}

export const hashOf = (place: Place) => `#/${place.id}/${place.version}/${place.route}`;
