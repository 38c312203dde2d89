import type { Challenge, Solution } from 'altcha-lib/types';
import { apiJson } from '../api/client';

/** Solves in a Web Worker; where there is none (tests in jsdom), on the main thread. */
async function solve(challenge: Challenge): Promise<Solution | null> {
  if (typeof Worker === 'undefined') {
    const [{ solveChallenge }, { deriveKey }] = await Promise.all([
      import('altcha-lib'),
      import('altcha-lib/algorithms/web/sha'),
    ]);
    return solveChallenge({ challenge, deriveKey });
  }
  const worker = new Worker(new URL('./altchaWorker.ts', import.meta.url), { type: 'module' });
  try {
    return await new Promise<Solution | null>((resolve) => {
      worker.onmessage = (event: MessageEvent<Solution | null>) => resolve(event.data);
      worker.onerror = () => resolve(null);
      worker.postMessage(challenge);
    });
  } finally {
    worker.terminate();
  }
}

/**
 * A solved ALTCHA challenge of our API (protocol v2), as POST /api/verify-recaptcha takes it: the
 * challenge fetched (for this pharmacy when given: its cost is that pharmacy's, its ticket opens
 * only it), solved, and sent back with its solution in base64 JSON. Null when it could not be
 * solved; a network failure throws. Single-use: each call fetches a fresh challenge.
 */
export async function altchaProof(pharmacyId?: number): Promise<string | null> {
  const challenge = (await apiJson('get', '/api/bot-check/challenge', {
    query: pharmacyId === undefined ? {} : { pharmacy: String(pharmacyId) },
  })) as unknown as Challenge;
  const solution = await solve(challenge);
  return solution
    ? btoa(
        JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
      )
    : null;
}
