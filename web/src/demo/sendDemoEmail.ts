import type { Answers, BandCode } from '@bilan/engine';
import { ApiError, apiJson } from '../api/client';
import { notifications } from '../notifications/notificationStore';
import type { DemoUserForm } from '../patient/flowStore';

/**
 * The demo's background e-mail (POST /api/send-test-email): both PDFs go to the address typed
 * on /form. It runs after the page has moved on, so its messages go to the notification store
 * that lives above the router.
 */
export async function sendDemoEmail(responses: Answers, ageGroup: BandCode, userForm: DemoUserForm): Promise<boolean> {
  try {
    await apiJson('/api/send-test-email', { body: { responses, ageGroup, userForm } });
    notifications.info(`✅ E-mail envoyé à ${userForm.email}.`);
    return true;
  } catch (error) {
    console.error("Erreur lors de l'envoi de l'e-mail", error);
    if (error instanceof ApiError && !error.isNetwork) notifications.error(`❌ Erreur : ${error.message}`);
    else notifications.error("❌ Erreur réseau lors de l'envoi.");
    return false;
  }
}
