import type { Answers } from '@bilan/engine';
import { ApiError, apiJson } from '../api/client';
import { notifications } from '../notifications/notificationStore';
import type { DemoEntry } from '../patient/flowStore';

/** The demo's answers in the API's words (platform.md: responses, ageGroup, userForm {email, ageGroup}). */
export function demoPayload(answers: Answers, entry: DemoEntry): { responses: Answers; ageGroup: string; userForm: { email: string; ageGroup: string } } {
  return { responses: answers, ageGroup: entry.band, userForm: { email: entry.email, ageGroup: entry.band } };
}

/**
 * The demo's background e-mail (POST /api/send-test-email): both PDFs go to the address typed
 * on /form. It runs after the page has moved on, so its messages go to the notification store
 * that lives above the router.
 */
export async function sendDemoEmail(answers: Answers, entry: DemoEntry): Promise<boolean> {
  try {
    await apiJson('/api/send-test-email', { body: demoPayload(answers, entry) });
    notifications.info(`✅ E-mail envoyé à ${entry.email}.`);
    return true;
  } catch (error) {
    console.error("Erreur lors de l'envoi de l'e-mail", error);
    if (error instanceof ApiError && !error.isNetwork) notifications.error(`❌ Erreur : ${error.message}`);
    else notifications.error("❌ Erreur réseau lors de l'envoi.");
    return false;
  }
}
