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

/** The pharmacy named in the address (/{pharmacyName}/...), read from the public endpoint. */
export function usePharmacy(pharmacyName: string): PharmacyState {
  const cached = known.get(pharmacyName);
  const [state, setState] = useState<PharmacyState>(cached ? { status: 'found', pharmacy: cached } : { status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const hit = known.get(pharmacyName);
    if (hit) {
      setState({ status: 'found', pharmacy: hit });
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    patientApi
      .pharmacy(pharmacyName)
      .then(({ client }) => {
        known.set(pharmacyName, client);
        if (live) setState({ status: 'found', pharmacy: client });
      })
      .catch((error: unknown) => {
        if (!live) return;
        setState(error instanceof ApiError && error.status === 404 ? { status: 'unknown' } : { status: 'error', retry: () => setAttempt((n) => n + 1) });
      });
    return () => {
      live = false;
    };
  }, [pharmacyName, attempt]);
  return state;
}
