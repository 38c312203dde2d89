import type { Challenge } from 'altcha-lib';

/** What the web needs to show the bot check (GET /api/bot-check/config). */
type BotCheckPublicConfig = {
  provider: 'altcha' | 'recaptcha';
  /** The service name, as the messages say it ("Échec de vérification ALTCHA."). */
  label: string;
  siteKey?: string;
};

interface BotCheckVerdict {
  success: boolean;
  score: number;
  /** Why it failed, for the logs (never shown as is). */
  reason?: string;
  /** The pharmacy a solved challenge was issued for (signed with it), if any. */
  pharmacyId?: number;
  /** How much harder than the configured one the solved challenge was (signed with it), if known. */
  workFactor?: number;
}

/** What a challenge is made for: how much harder than the configured one, and which pharmacy. */
export interface ChallengeRequest {
  /** The configured cost is multiplied by it (botCheck/workFactor.ts). */
  workFactor: number;
  /** The pharmacy of the registration it is for: signed into the challenge, its ticket bound to it. */
  pharmacyId?: number;
}

/**
 * A bot-check service (D17). ALTCHA by default (self-hosted proof of work: no third party sees
 * the patient, works offline); reCAPTCHA v3 keeps the older rule (success and score >= 0.05).
 */
export interface BotCheckProvider {
  readonly publicConfig: BotCheckPublicConfig;
  /** A new challenge for the widget, when the provider issues its own (ALTCHA). */
  challenge?(request: ChallengeRequest): Promise<Challenge>;
  /** Checks a widget's token; a solution is accepted once. */
  verify(token: string): Promise<BotCheckVerdict>;
}
