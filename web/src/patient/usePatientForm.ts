import { useEffect, useState } from 'react';
import type { BandCode, Definition } from '@bilan/engine';
import { ApiError } from '../api/client';
import { definitionOf } from './definitionOf';
import { LOAD_FAILED } from './flowMessages';
import { useFlowState } from './flowStore';
import { loadPatientForm } from './loadPatientForm';
import { patientSession } from './session';

export type PatientFormState =
  | { status: 'loading' }
  | { status: 'ready'; definition: Definition; band: BandCode }
  | { status: 'gone' }
  | { status: 'error'; message: string; retry: () => void };

/**
 * The real flow behind a questionnaire or review screen: the one in memory when it belongs to
 * this tab's token, otherwise read once from the server (after a reload, D13). 'gone' sends the
 * screen back to the start: there is no live session, so no answer can be shown.
 */
export function usePatientForm(pharmacyName: string): PatientFormState {
  const flow = useFlowState();
  const token = patientSession.token();
  const inMemory = flow.flow === 'real' && token !== null && flow.patient?.token === token;
  const [outcome, setOutcome] = useState<'loading' | 'gone' | { failure: string }>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (inMemory || !token) return;
    let live = true;
    setOutcome('loading');
    loadPatientForm(token, pharmacyName)
      .then((result) => live && result === 'gone' && setOutcome('gone'))
      .catch((error: unknown) => live && setOutcome({ failure: LOAD_FAILED(error instanceof ApiError ? error.message : 'erreur inconnue.') }));
    return () => {
      live = false;
    };
  }, [inMemory, token, pharmacyName, attempt]);

  const definition = inMemory ? definitionOf(flow) : null;
  if (definition && flow.band) return { status: 'ready', definition, band: flow.band };
  if (!token || outcome === 'gone') return { status: 'gone' };
  if (typeof outcome === 'object') return { status: 'error', message: outcome.failure, retry: () => setAttempt((n) => n + 1) };
  return { status: 'loading' };
}
