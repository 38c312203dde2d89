import { ApiError } from '../api/client';
import { patientApi } from '../api/patientApi';
import { flowStore } from './flowStore';
import { patientSession } from './session';

/** The page tells the server the person is active at most this often (D39). */
const STILL_HERE_EVERY_MS = 60 * 1000;

let lastSent = Number.NEGATIVE_INFINITY;

/**
 * D39: the server closes a patient token after a pause without activity; while the person taps
 * or types, the page says so at most once a minute (or at once with `now`, after « Oui, je
 * continue »), so that a slow reader typing a long page is never locked. A server that already
 * closed the form asks the resume question; other failures wait for the next action.
 */
export function stillHere(options: { now?: boolean } = {}): void {
  const at = Date.now();
  if (!options.now && at - lastSent < STILL_HERE_EVERY_MS) return;
  const token = patientSession.token();
  if (!token) return;
  lastSent = at;
  patientApi.stillHere(token).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === 'resume_required') flowStore.askIdentity();
  });
}

/** A new person on the device (endPatientSession): the next action tells the server at once. */
export function forgetStillHere(): void {
  lastSent = Number.NEGATIVE_INFINITY;
}
