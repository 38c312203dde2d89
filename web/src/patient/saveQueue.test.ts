import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, type Handler } from '../test/fakeApi';
import { endPatientSession } from './endPatientSession';
import { flowStore } from './flowStore';
import { saveQueue } from './saveQueue';

afterEach(() => endPatientSession());

describe('a save the server refuses after a pause (D39)', () => {
  it('asks the resume question, keeps the page for the person, and sends it once they resumed', async () => {
    sessionStorage.setItem('token', 'tok');
    act(() => flowStore.startReal('45to50', { token: 'tok', definition: null }));
    let paused = true;
    const save: Handler = (call) =>
      paused
        ? [401, { code: 'resume_required', message: 'Pause', error: 'Pause' }]
        : [
            200,
            {
              pageKey: 'generalQuestions',
              reponses: (call.body as { reponses: unknown }).reponses,
              dropped: [],
              savedPages: ['generalQuestions'],
            },
          ];
    const calls = fakeApi({ 'PATCH /api/utilisateur/me/responses': save });
    saveQueue.enqueue('tok', 'generalQuestions', { gender: 'Femme' });
    await waitFor(() => expect(flowStore.get().identity).toBe('unconfirmed'));
    // Not an error, not forgotten: the token and the page wait for the birth date.
    expect(sessionStorage.getItem('token')).toBe('tok');
    expect(flowStore.get().flow).toBe('real');
    paused = false;
    saveQueue.resume();
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body).toEqual({ pageKey: 'generalQuestions', reponses: { gender: 'Femme' } });
    await saveQueue.whenIdle();
  });
});
