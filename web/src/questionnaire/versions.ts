import { createRegistry, type Band, type BandCode, type Definition, type ValidatorFunction } from '@bilan/engine';
import { catalog, type CatalogEntry } from '@bilan/generated/catalog';

/** The version a stored form was given in (D5). */
export interface VersionRef {
  readonly id: string;
  readonly version: string;
}

/** Where one version's chunk stands: its definition once loaded. */
export type VersionStatus = Definition | 'idle' | 'loading' | 'failed';

const registry = createRegistry(catalog);

/** The band of each band code's newest questionnaire, known without loading any questionnaire. */
export const bands: readonly Band[] = registry.bands;

/** About how long each band's newest questionnaire takes (the engine's estimatedMinutes, computed at codegen). */
export function minutesOf(band: BandCode): number {
  return registry.latest(band).minutes;
}

const loaded = new Map<CatalogEntry, Definition>();
const loading = new Map<CatalogEntry, Promise<Definition>>();
const failed = new Set<CatalogEntry>();
const sections = new Map<CatalogEntry, Record<string, ValidatorFunction>>();
const sectionsLoading = new Map<CatalogEntry, Promise<void>>();
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** The version a form was given in, or the band's newest for a form just created (D5). */
function entryOf(band: BandCode, ref?: VersionRef | null): CatalogEntry {
  return (ref && registry.find(ref.id, ref.version)) || registry.latest(band);
}

/** Called when a version arrives or fails to (useSyncExternalStore's subscribe). */
export function subscribeVersions(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function versionStatus(band: BandCode, ref?: VersionRef | null): VersionStatus {
  const entry = entryOf(band, ref);
  return loaded.get(entry) ?? (loading.has(entry) ? 'loading' : failed.has(entry) ? 'failed' : 'idle');
}

/**
 * Loads one questionnaire version's pages alone (one chunk per version, without its validators):
 * a patient's phone downloads only the questionnaire it shows, and its first question waits for
 * nothing else. Once, however many screens ask; a failed download can be asked again.
 */
export async function loadDefinition(band: BandCode, ref?: VersionRef | null): Promise<Definition> {
  const entry = entryOf(band, ref);
  const done = loaded.get(entry);
  if (done) return done;
  const pending = loading.get(entry);
  if (pending) return pending;
  failed.delete(entry);
  const promise = entry
    .load()
    .then(({ questionnaire }) => {
      loaded.set(entry, questionnaire);
      return questionnaire;
    })
    .catch((error: unknown) => {
      failed.add(entry);
      throw error;
    })
    .finally(() => {
      loading.delete(entry);
      notify();
    });
  loading.set(entry, promise);
  notify();
  return promise;
}

/**
 * Loads a loaded definition's sections' validators (their own chunk), once; called when its page
 * shows, so that they never hold back the first question. A failed download is asked again at the
 * next call.
 */
export function loadSections(definition: Definition): Promise<void> {
  const entry = registry.find(definition.id, definition.version);
  if (!entry || sections.has(entry)) return Promise.resolve();
  const pending = sectionsLoading.get(entry);
  if (pending) return pending;
  const promise = entry
    .loadSections()
    .then((chunk) => {
      sections.set(entry, chunk.sections);
    })
    .finally(() => {
      sectionsLoading.delete(entry);
      notify();
    });
  sectionsLoading.set(entry, promise);
  return promise;
}

/**
 * The precompiled validator of one section of a loaded definition, the function the server runs
 * too; undefined until loadSections has brought it.
 */
export function sectionValidate(definition: Definition, section: string): ValidatorFunction | undefined {
  const entry = registry.find(definition.id, definition.version);
  return entry && sections.get(entry)?.[section];
}
