import { useEffect, useState } from 'react';
import { ApiError } from '../api/client';
import { patientApi, type PublicClient } from '../api/patientApi';

export type PharmacyState =
  | { status: 'loading' }
  | { status: 'found'; client: PublicClient }
  | { status: 'unknown' }
  | { status: 'error' };

/** The pharmacy named in the address (/{clientName}/...), read from the public endpoint. */
export function usePharmacy(clientName: string): PharmacyState {
  const [state, setState] = useState<PharmacyState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    patientApi
      .client(clientName)
      .then(({ client }) => live && setState({ status: 'found', client }))
      .catch((error: unknown) => {
        if (!live) return;
        console.error(error);
        setState(error instanceof ApiError && error.status === 404 ? { status: 'unknown' } : { status: 'error' });
      });
    return () => {
      live = false;
    };
  }, [clientName]);
  return state;
}
