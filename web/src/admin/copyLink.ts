import { notifications } from '../notifications/notificationStore';
import { MSG } from '../staff/messages';

/** Copies an invitation link, and says whether it worked (a browser may refuse the clipboard). */
export async function copyLink(link: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(link);
    notifications.info(MSG.copied);
  } catch {
    notifications.error(MSG.copyFailed);
  }
}
