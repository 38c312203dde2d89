import { useEffect, useState } from 'react';
import type { Band } from '@bilan/engine';

/**
 * The age bands of the questionnaires, from the registry, loaded after the registration page
 * shows (the registry holds every definition: it stays out of the page's first download, and
 * the questionnaire needs it next anyway). Null until then.
 */
export function useBands(): readonly Band[] | null {
  const [bands, setBands] = useState<readonly Band[] | null>(null);
  useEffect(() => {
    let live = true;
    import('../questionnaire/registry')
      .then(({ registry }) => live && setBands(registry.bands))
      .catch((error: unknown) => console.error(error));
    return () => {
      live = false;
    };
  }, []);
  return bands;
}
