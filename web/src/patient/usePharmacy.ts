import { useEffect, useState } from 'react';
import { ApiError } from '../api/client';
import { patientApi, type PublicPharmacy } from '../api/patientApi';

export type PharmacyState =
  | { status: 'loading' }
  | { status: 'found'; pharmacy: PublicPharmacy }
  | { status: 'unknown' }
  | { status: 'error' };

/** The pharmacy named in the address (/{pharmacyName}/...), read from the public endpoint. */
export function usePharmacy(pharmacyName: string): PharmacyState {
  const [state, setState] = useState<PharmacyState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    patientApi
      .pharmacy(pharmacyName)
      .then(({ client }) => live && setState({ status: 'found', pharmacy: client }))
      .catch((error: unknown) => {
        if (!live) return;
        console.error(error);
        setState(error instanceof ApiError && error.status === 404 ? { status: 'unknown' } : { status: 'error' });
      });
    return () => {
      live = false;
    };
  }, [pharmacyName]);
  return state;
}
