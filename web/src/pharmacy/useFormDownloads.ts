import { paris } from '@bilan/engine';
import { useState } from 'react';
import { pharmacyApi } from './pharmacyApi';
import { downloadErrorMessage } from './downloadError';
import { MSG } from '../staff/messages';
import { saveDownload } from '../staff/saveDownload';

/** The dashboard's downloads (a form's two PDFs, the export), one at a time, with the key of the one running. */
export function useFormDownloads() {
  const [busy, setBusy] = useState<string | null>(null);

  function download(load: () => Promise<Blob>, fileName: string, key: string, failure: (error: unknown) => string) {
    return saveDownload(load, fileName, { busy: (on) => setBusy(on ? key : null), failure });
  }

  return {
    busy,
    /** A form's PDF, named for its patient and the day it was sent (« Bilan - Durand Luc - 2026-03-09.pdf »). */
    pdf: (id: number, kind: 'formulaire' | 'bilan', form: { nom: string; prenom: string; date_formulaire: string }) =>
      download(
        () => pharmacyApi.pdf(id, kind),
        // Without accents: a browser may replace a name it finds unsafe by « download » (headless Chromium did).
        `${kind === 'formulaire' ? 'Questionnaire' : 'Bilan'} - ${form.nom} ${form.prenom} - ${paris.isoDay(new Date(form.date_formulaire))}.pdf`
          .normalize('NFD')
          .replace(/\p{M}/gu, ''),
        `${kind}-${id}`,
        downloadErrorMessage,
      ),
    /** A copy of the plan's last finalized version (D33), named for the patient it is about. */
    planCopy: (id: number, copy: 'patient' | 'medecin', who: string) =>
      download(
        () => pharmacyApi.planCopy(id, copy),
        `PPP - copie ${copy === 'patient' ? 'patient' : 'médecin'} - ${who}.pdf`,
        `ppp-${copy}-${id}`,
        downloadErrorMessage,
      ),
    /** « Actes du mois » (issue 40), named as the server names it. */
    acts: (pharmacy: string, month: string, format: 'xlsx' | 'csv') =>
      download(
        () => pharmacyApi.actsExport(month, format),
        `actes-${pharmacy}-${month}.${format}`,
        `acts-${format}`,
        () => MSG.exportFailed,
      ),
    /** Every form of the pharmacy, named as the server names it: bilans-<pharmacie>-<AAAA-MM>.xlsx. */
    exportData: (pharmacy: string) =>
      download(
        () => pharmacyApi.exportXlsx(),
        `bilans-${pharmacy}-${paris.month(new Date())}.xlsx`,
        'export',
        () => MSG.exportFailed,
      ),
  };
}
