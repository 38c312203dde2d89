import { useEffect, useState } from 'react';

/**
 * What `load` answers for the signed-in admin, read when the panel shows and again each time
 * `revision` changes. A failed read keeps what was read before and sets `failed` until the next
 * read succeeds; an answer that comes after the panel is gone is dropped.
 */
export function useAdminData<T>(load: () => Promise<T>, revision: number): { data: T | null; failed: boolean } {
  const [state, setState] = useState<{ data: T | null; failed: boolean }>({ data: null, failed: false });
  useEffect(() => {
    let active = true;
    load().then(
      (data) => {
        if (active) setState({ data, failed: false });
      },
      () => {
        if (active) setState((previous) => ({ ...previous, failed: true }));
      },
    );
    return () => {
      active = false;
    };
  }, [load, revision]);
  return state;
}
