import { downloadBlob } from '../api/downloadBlob';
import { notifications } from '../notifications/notificationStore';

/**
 * A staff download (PDF, export, poster): busy while it runs, then the file is saved, or the
 * failure's message is shown (D9).
 */
export async function saveDownload(
  load: () => Promise<Blob>,
  fileName: string,
  options: { busy: (on: boolean) => void; failure: (error: unknown) => string },
): Promise<void> {
  options.busy(true);
  try {
    downloadBlob(await load(), fileName);
  } catch (error) {
    notifications.error(options.failure(error));
  } finally {
    options.busy(false);
  }
}
