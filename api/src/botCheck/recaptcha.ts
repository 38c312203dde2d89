import type { BotCheckProvider } from './provider';

export interface RecaptchaOptions {
  secret: string;
  siteKey: string;
  verifyUrl: string;
  /** The older rule: below this score the visitor may be a bot. */
  minScore?: number;
}

interface SiteVerifyAnswer {
  success?: boolean;
  score?: number;
  'error-codes'?: string[];
}

/** reCAPTCHA v3 through Google's siteverify: success true and score >= 0.05 (docs/product.md §5). */
export function recaptchaProvider(o: RecaptchaOptions): BotCheckProvider {
  const minScore = o.minScore ?? 0.05;
  return {
    publicConfig: { provider: 'recaptcha', label: 'reCAPTCHA', siteKey: o.siteKey },
    async verify(token) {
      let answer: SiteVerifyAnswer;
      try {
        const res = await fetch(o.verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret: o.secret, response: token }),
          signal: AbortSignal.timeout(10_000),
        });
        answer = (await res.json()) as SiteVerifyAnswer;
      } catch (err) {
        return {
          success: false,
          score: 0,
          reason: `siteverify unreachable: ${err instanceof Error ? err.message : String(err)}`,
        };
      }
      const score = typeof answer.score === 'number' ? answer.score : 0;
      if (answer.success !== true)
        return { success: false, score, reason: (answer['error-codes'] ?? []).join(',') || 'not successful' };
      if (score < minScore) return { success: false, score, reason: 'score too low' };
      return { success: true, score };
    },
  };
}
