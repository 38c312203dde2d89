import { useEffect, useSyncExternalStore } from 'react';
import type { BandCode, Definition } from '@bilan/engine';
import { loadDefinition, subscribeVersions, versionStatus, type VersionRef } from './versions';

export type DefinitionState =
  { status: 'ready'; definition: Definition } | { status: 'loading' } | { status: 'error'; retry: () => void };

/**
 * The questionnaire a screen shows: the band's newest, or the version `ref` names (D5), loaded
 * on first use. 'error' when its chunk could not be downloaded (a phone that lost its network),
 * with a retry.
 */
export function useDefinition(band: BandCode | null, ref?: VersionRef | null): DefinitionState {
  const id = ref?.id;
  const version = ref?.version;
  const read = () => (band ? versionStatus(band, ref) : 'idle');
  // The same read when the build renders a page (web/prerender.ts): what was loaded before it.
  const status = useSyncExternalStore(subscribeVersions, read, read);
  useEffect(() => {
    if (band && status === 'idle')
      loadDefinition(band, id && version ? { id, version } : null).catch((error: unknown) => console.error(error));
  }, [band, id, version, status]);
  if (typeof status === 'object') return { status: 'ready', definition: status };
  if (status === 'failed' && band) {
    return {
      status: 'error',
      retry: () =>
        void loadDefinition(band, id && version ? { id, version } : null).catch((error: unknown) =>
          console.error(error),
        ),
    };
  }
  return { status: 'loading' };
}
