import { useEffect, useState } from 'react';
import type { BandCode, Definition } from '@bilan/engine';
import { ApiError } from '../api/client';
import { useDefinition } from '../questionnaire/useDefinition';
import { LOAD_FAILED, QUESTIONNAIRE_LOAD_FAILED } from './flowMessages';
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
  // The outcome of the last load, for the token, pharmacy and attempt it was made for: anything
  // newer reads as loading until its own outcome comes, with no state reset inside the effect.
  const [outcome, setOutcome] = useState<{ key: string; value: 'gone' | { failure: string } } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const key = `${attempt}:${token ?? ''}:${pharmacyName}`;

  useEffect(() => {
    if (inMemory || !token) return;
    let live = true;
    const requestKey = `${attempt}:${token}:${pharmacyName}`;
    loadPatientForm(token, pharmacyName)
      .then((result) => live && result === 'gone' && setOutcome({ key: requestKey, value: 'gone' }))
      .catch(
        (error: unknown) =>
          live &&
          setOutcome({
            key: requestKey,
            value: { failure: LOAD_FAILED(error instanceof ApiError ? error.message : 'erreur inconnue.') },
          }),
      );
    return () => {
      live = false;
    };
  }, [inMemory, token, pharmacyName, attempt]);

  // The questionnaire's own chunk (its definition and validators), once the flow is known.
  const wanted = useDefinition(inMemory ? flow.band : null, flow.patient?.definition);
  if (inMemory && flow.band) {
    if (wanted.status === 'ready') return { status: 'ready', definition: wanted.definition, band: flow.band };
    if (wanted.status === 'error') return { status: 'error', message: QUESTIONNAIRE_LOAD_FAILED, retry: wanted.retry };
    return { status: 'loading' };
  }
  const current = outcome?.key === key ? outcome.value : 'loading';
  if (!token || current === 'gone') return { status: 'gone' };
  if (typeof current === 'object')
    return { status: 'error', message: current.failure, retry: () => setAttempt((n) => n + 1) };
  return { status: 'loading' };
}
