import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../test/fakeApi';
import { fakeBotCheck } from '../test/fakeBotCheck';
import { postDemoEmail } from './sendDemoEmail';

afterEach(() => {
  vi.unstubAllGlobals();
});

const body = { responses: {}, ageGroup: '18to25', userForm: { email: 'demo@example.fr', ageGroup: '18to25' } };

describe('postDemoEmail', () => {
  it('solves the ALTCHA challenge, has it verified, and sends the ticket with the demo answers', async () => {
    const calls = fakeApi({
      ...(await fakeBotCheck('ticket-1')),
      'POST /api/send-test-email': () => [202, { status: 'queued' }],
    });
    await postDemoEmail(body);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/bot-check/config',
      'GET /api/bot-check/challenge',
      'POST /api/verify-recaptcha',
      'POST /api/send-test-email',
    ]);
    const proof = JSON.parse(atob((calls[2]?.body as { token: string }).token)) as {
      challenge: unknown;
      solution: { counter: number };
    };
    expect(typeof proof.solution.counter).toBe('number');
    expect(calls[3]?.body).toEqual({ ...body, ticket: 'ticket-1' });
  });

  it('sends nothing when the bot check is refused', async () => {
    const calls = fakeApi({
      ...(await fakeBotCheck(null)),
      'POST /api/send-test-email': () => [202, { status: 'queued' }],
    });
    await expect(postDemoEmail(body)).rejects.toMatchObject({ status: 400 });
    expect(calls.some((c) => c.path === '/api/send-test-email')).toBe(false);
  });
});
