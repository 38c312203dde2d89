import { useEffect, useState } from 'react';
import { ApiError } from '../api/client';
import { patientApi, type PublicPharmacy } from '../api/patientApi';

export type PharmacyState =
  | { status: 'loading' }
  | { status: 'found'; pharmacy: PublicPharmacy }
  | { status: 'unknown' }
  | { status: 'error'; retry: () => void };

// Public facts only (route segment, display name): kept for the tab's life, so the thank-you
// page names the pharmacy at once after the patient's own data is forgotten.
const known = new Map<string, PublicPharmacy>();

/** The element in which the server writes the pharmacy of a registration page it sends (api plugins/webPages.ts). */
export const PHARMACY_IN_PAGE_ID = 'pharmacie-de-la-page';

/** A pharmacy known before any request: the one of the page, or the build's model (web/prerender.ts). */
export function knowPharmacy(pharmacy: PublicPharmacy): void {
  known.set(pharmacy.name, pharmacy);
}

function pharmacyInPage(): PublicPharmacy | null {
  const text = typeof document === 'undefined' ? null : document.getElementById(PHARMACY_IN_PAGE_ID)?.textContent;
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { id, name, nom } = value as Record<string, unknown>;
    return typeof id === 'number' && typeof name === 'string' && typeof nom === 'string' ? { id, name, nom } : null;
  } catch {
    return null;
  }
}

// The registration form shows with the page's code, without waiting for the pharmacy's request.
const fromPage = pharmacyInPage();
if (fromPage) knowPharmacy(fromPage);

/** Tests start each case with no pharmacy known. */
export function resetPharmacyCache(): void {
  known.clear();
}

/** The pharmacy named in the address (/{pharmacyName}/...), read from the public endpoint. */
export function usePharmacy(pharmacyName: string): PharmacyState {
  const cached = known.get(pharmacyName);
  // The answer of the last request, for the name and attempt it was made for: a newer name or a
  // retry reads as loading until its own answer comes, with no state reset inside the effect.
  const [answer, setAnswer] = useState<{ key: string; state: PharmacyState } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const key = `${attempt}:${pharmacyName}`;
  useEffect(() => {
    if (known.has(pharmacyName)) return;
    let live = true;
    const requestKey = `${attempt}:${pharmacyName}`;
    patientApi
      .pharmacy(pharmacyName)
      .then(({ client }) => {
        known.set(pharmacyName, client);
        if (live) setAnswer({ key: requestKey, state: { status: 'found', pharmacy: client } });
      })
      .catch((error: unknown) => {
        if (!live) return;
        const state: PharmacyState =
          error instanceof ApiError && error.status === 404
            ? { status: 'unknown' }
            : { status: 'error', retry: () => setAttempt((n) => n + 1) };
        setAnswer({ key: requestKey, state });
      });
    return () => {
      live = false;
    };
  }, [pharmacyName, attempt]);
  if (cached) return { status: 'found', pharmacy: cached };
  return answer?.key === key ? answer.state : { status: 'loading' };
}
