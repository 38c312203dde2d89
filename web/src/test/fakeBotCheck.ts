import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import type { Handler } from './fakeApi';

/**
 * The bot-check calls of the API for fakeApi: the ALTCHA configuration, a real (tiny) challenge
 * signed by a test key, and a verification that answers `ticket` (or refuses when `ticket` is null).
 */
export async function fakeBotCheck(ticket: string | null = 'ticket-de-test'): Promise<Record<string, Handler>> {
  const challenge = await createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: 5,
    deriveKey,
    hmacSignatureSecret: 'cle-de-test-assez-longue-0123456789',
  });
  return {
    'GET /api/bot-check/config': () => [200, { provider: 'altcha', label: 'ALTCHA' }],
    'GET /api/bot-check/challenge': () => [200, challenge],
    'POST /api/verify-recaptcha': () =>
      ticket === null
        ? [400, { code: 'bot_check_failed', message: 'Échec', error: 'Échec', success: false, score: 0 }]
        : [200, { success: true, score: 1, provider: 'altcha', ticket }],
  };
}
