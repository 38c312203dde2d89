import type { Answers } from '@bilan/engine';
import { ApiError, apiJson } from '../api/client';
import { patientApi } from '../api/patientApi';
import { altchaProof } from '../patient/altchaProof';
import type { DemoEntry } from '../patient/flowStore';

/** The demo's answers in the API's words (docs/product.md §7: responses, ageGroup, userForm {email, ageGroup}). */
function demoPayload(
  answers: Answers,
  entry: DemoEntry,
): { responses: Answers; ageGroup: string; userForm: { email: string; ageGroup: string } } {
  return { responses: answers, ageGroup: entry.band, userForm: { email: entry.email, ageGroup: entry.band } };
}

const botCheckFailed = () =>
  new ApiError(400, 'bot_check_failed', 'Échec de la vérification anti-robot. Veuillez réessayer.');

/** A reCAPTCHA v3 token, when the server is configured for it (its script is loaded on demand). */
async function recaptchaProof(siteKey: string): Promise<string | null> {
  if (!window.grecaptcha) {
    await new Promise<void>((resolve, reject) => {
      const script = Object.assign(document.createElement('script'), {
        src: `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`,
        async: true,
      });
      script.addEventListener('load', () => resolve());
      script.addEventListener('error', () => reject(botCheckFailed()));
      document.head.append(script);
    });
  }
  const grecaptcha = window.grecaptcha;
  if (!grecaptcha) return null;
  await new Promise<void>((ready) => grecaptcha.ready(ready));
  return grecaptcha.execute(siteKey, { action: 'demo_email' });
}

/**
 * A single-use ticket for one demo e-mail: the bot check of registration (D17), solved in the
 * background, then verified by POST /api/verify-recaptcha.
 */
async function demoEmailTicket(): Promise<string> {
  const config = await apiJson('get', '/api/bot-check/config');
  const proof =
    config.provider === 'recaptcha' && config.siteKey ? await recaptchaProof(config.siteKey) : await altchaProof();
  if (!proof) throw botCheckFailed();
  const ticket = await patientApi.botCheckTicket(proof);
  if (!ticket) throw botCheckFailed();
  return ticket;
}

/** What POST /api/send-test-email takes besides its ticket (the submission test screen may have no band yet). */
interface DemoEmailBody {
  responses: Answers;
  ageGroup?: string | null;
  userForm: { email: string; ageGroup?: string | null };
}

/** POST /api/send-test-email with a freshly solved bot check. */
export async function postDemoEmail(body: DemoEmailBody): Promise<void> {
  await apiJson('post', '/api/send-test-email', { body: { ...body, ticket: await demoEmailTicket() } });
}

/** A demo e-mail's outcome: sent, or why not in words for the pharmacist trying the product. */
export type DemoEmailOutcome = { ok: true } | { ok: false; message: string };

/**
 * The demo's e-mail (POST /api/send-test-email): both PDFs to the address typed on /form. Its
 * outcome goes to the thank-you page (demoSend.ts), which offers to correct the address and send
 * again; no glyph in the words (issue 34: ❌ and ✅ showed as empty boxes on some phones).
 */
export async function sendDemoEmail(answers: Answers, entry: DemoEntry): Promise<DemoEmailOutcome> {
  try {
    await postDemoEmail(demoPayload(answers, entry));
    return { ok: true };
  } catch (error) {
    console.error('Erreur lors de l’envoi de l’e-mail', error);
    if (error instanceof ApiError && !error.isNetwork) return { ok: false, message: `Erreur\u00a0: ${error.message}` };
    return { ok: false, message: 'Erreur réseau lors de l’envoi.' };
  }
}
