import { useState } from 'react';
import { notifications } from '../notifications/notificationStore';
import { pharmacyApi } from './pharmacyApi';
import { downloadErrorMessage } from './downloadError';
import { MSG } from '../staff/messages';
import { saveDownload } from '../staff/saveDownload';
import { session } from '../staff/session';

/** The dashboard's downloads (a form's two PDFs, the export), one at a time, with the key of the one running. */
export function useFormDownloads() {
  const [busy, setBusy] = useState<string | null>(null);

  function download(
    load: (token: string) => Promise<Blob>,
    fileName: string,
    key: string,
    failure: (error: unknown) => string,
  ) {
    const current = session.token();
    if (!current) return notifications.error(MSG.noToken);
    return saveDownload(() => load(current), fileName, { busy: (on) => setBusy(on ? key : null), failure });
  }

  return {
    busy,
    pdf: (id: number, kind: 'formulaire' | 'bilan') =>
      download(
        (t) => pharmacyApi.pdf(t, id, kind),
        kind === 'formulaire' ? 'Questionnaire.pdf' : 'Bilan.pdf',
        `${kind}-${id}`,
        downloadErrorMessage,
      ),
    exportData: () =>
      download(
        (t) => pharmacyApi.exportXlsx(t),
        'donnees_utilisateurs.xlsx',
        'export',
        () => MSG.exportFailed,
      ),
  };
}
