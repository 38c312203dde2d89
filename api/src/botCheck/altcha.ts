import { createHash, createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { BotCheckProvider, ChallengeRequest } from './provider';

export interface AltchaOptions {
  hmacKey: string;
  /** Largest counter of a challenge; the solver tries on average a bit more than half of it. */
  maxNumber: number;
  /** Hash rounds per counter. */
  cost: number;
  ttlSeconds: number;
  /** Records a used solution; false when it was already used (a replay). */
  recordSolution(key: string, expiresAt: Date): Promise<boolean>;
}

function isPayload(value: unknown): value is Payload {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const challenge = v.challenge as Record<string, unknown> | undefined;
  return (
    typeof challenge === 'object' &&
    challenge !== null &&
    typeof challenge.parameters === 'object' &&
    typeof v.solution === 'object' &&
    v.solution !== null
  );
}

/** Self-hosted ALTCHA (proof of work, protocol v2), challenges signed with our HMAC key. */
export function altchaProvider(o: AltchaOptions): BotCheckProvider {
  // A separate secret signs the derived keys, so that verification needs no key derivation.
  const keySecret = createHmac('sha256', o.hmacKey).update('altcha-key-signature').digest('hex');
  return {
    publicConfig: { provider: 'altcha', label: 'ALTCHA' },
    async challenge({ workFactor, pharmacyId }: ChallengeRequest): Promise<Challenge> {
      return createChallenge({
        algorithm: 'SHA-256',
        cost: o.cost * workFactor,
        ...(pharmacyId === undefined ? {} : { data: { pharmacy: pharmacyId } }),
        counter: randomInt(o.maxNumber, Math.max(1, Math.floor(o.maxNumber / 5))),
        deriveKey,
        hmacSignatureSecret: o.hmacKey,
        hmacKeySignatureSecret: keySecret,
        // Real time, not the app's clock: altcha-lib checks the expiry against Date.now().
        expiresAt: new Date(Date.now() + o.ttlSeconds * 1000),
      });
    },
    async verify(token) {
      let payload: unknown;
      try {
        payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
      } catch {
        return { success: false, score: 0, reason: 'unreadable payload' };
      }
      if (!isPayload(payload)) return { success: false, score: 0, reason: 'not an ALTCHA payload' };
      let result;
      try {
        result = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret: o.hmacKey,
          hmacKeySignatureSecret: keySecret,
        });
      } catch (err) {
        return { success: false, score: 0, reason: err instanceof Error ? err.message : 'verification error' };
      }
      if (!result.verified) {
        return {
          success: false,
          score: 0,
          reason: result.expired ? 'expired' : result.invalidSignature ? 'bad signature' : 'wrong solution',
        };
      }
      // The signed nonce identifies the challenge: a second use of the same solution is a replay.
      const key = createHash('sha256').update(`altcha:${payload.challenge.parameters.nonce}`).digest('hex');
      const expiresAt = new Date((payload.challenge.parameters.expiresAt ?? Date.now() / 1000 + o.ttlSeconds) * 1000);
      if (!(await o.recordSolution(key, expiresAt))) return { success: false, score: 0, reason: 'replayed solution' };
      // Signed with the challenge: a solver cannot move its proof to another pharmacy.
      const pharmacy = payload.challenge.parameters.data?.pharmacy;
      // The cost is signed too: the factor it was issued at, which the ticket carries to its spending.
      const workFactor = Math.max(1, Math.floor(payload.challenge.parameters.cost / o.cost));
      return { success: true, score: 1, workFactor, ...(typeof pharmacy === 'number' ? { pharmacyId: pharmacy } : {}) };
    },
  };
}
