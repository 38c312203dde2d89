import { useEffect, useState } from 'react';
import { ApiError } from '../api/client';
import { MSG } from '../staff/messages';

/** A form id as the address gives it, or null for one that cannot be (the page says « introuvable »). */
export function formIdOf(raw: string): number | null {
  return /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
}

/**
 * What a page about one form reads when it opens (the form, its plan): the answer, or the error
 * to show; a refused session goes to the login (`onAuthFailure`). An answer that comes after the
 * page left is dropped.
 */
export function useFormResource<T>(
  signedIn: boolean,
  id: number | null,
  load: (id: number) => Promise<T>,
  onAuthFailure: (err: unknown) => boolean,
) {
  const [data, setData] = useState<T | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    if (!signedIn || id === null) return;
    let active = true;
    load(id)
      .then((answer) => {
        if (active) setData(answer);
      })
      .catch((err: unknown) => {
        if (!active || onAuthFailure(err)) return;
        setLoadError(err instanceof ApiError && err.message ? err.message : MSG.genericError);
      });
    return () => {
      active = false;
    };
  }, [signedIn, id, load, onAuthFailure]);
  return { data, setData, loadError };
}
