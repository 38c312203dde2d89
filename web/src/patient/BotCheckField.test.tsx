// The bot check without a widget: it starts when the person starts the form, says where it stands
// in plain words, and hands out one proof per attempt, solved from our API's challenge for the
// pharmacy (on the main thread here: jsdom has no Worker; the end-to-end tests run the worker).
import { createRef } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../test/fakeApi';
import { fakeBotCheck } from '../test/fakeBotCheck';
import { BotCheckField, type BotCheckHandle } from './BotCheckField';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function withChallenge() {
  const { 'GET /api/bot-check/challenge': challenge } = await fakeBotCheck();
  if (!challenge) throw new Error('no challenge');
  return fakeApi({ 'GET /api/bot-check/challenge?pharmacy=7': challenge });
}

function renderField() {
  const handle = createRef<BotCheckHandle>();
  render(
    <form>
      <label>
        Prénom
        <input />
      </label>
      <BotCheckField ref={handle} pharmacyId={7} />
    </form>,
  );
  return handle;
}

describe('BotCheckField', () => {
  it('solves when the form is started, says so, and gives a single-use proof of the pharmacy’s challenge', async () => {
    const calls = await withChallenge();
    // The challenge held until the status has been read.
    const answer = globalThis.fetch;
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      await gate;
      return answer(...args);
    });
    const handle = renderField();
    expect(calls).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe('');
    await userEvent.click(screen.getByLabelText('Prénom'));
    expect(screen.getByRole('status')).toHaveTextContent('Vérification en cours…');
    open();
    expect(await screen.findByText('Vérifié', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual(['/api/bot-check/challenge?pharmacy=7']);

    expect(await handle.current?.whenLoaded(100)).toBe(true);
    const proof = await act(async () => handle.current?.solve());
    const decoded = JSON.parse(atob(proof ?? '')) as {
      challenge: { parameters: { nonce: string }; signature: string };
      solution: { counter: number };
    };
    expect(decoded.solution.counter).toBe(5);
    expect(typeof decoded.challenge.signature).toBe('string');
    // The first proof is used: the next attempt fetches a fresh challenge.
    await act(async () => handle.current?.solve());
    expect(calls).toHaveLength(2);
  });

  it('waits for a check still at work instead of starting another', async () => {
    const calls = await withChallenge();
    const handle = renderField();
    await userEvent.click(screen.getByLabelText('Prénom'));
    const proof = await act(async () => handle.current?.solve());
    expect(proof).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(screen.queryByText(/Échec/)).toBeNull();
  });

  it('says it failed when the challenge cannot be had, and gives no proof', async () => {
    fakeApi({});
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const handle = renderField();
    const proof = await act(async () => handle.current?.solve());
    expect(proof).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Échec de la vérification');
    expect(logged).toHaveBeenCalled();
  });
});
