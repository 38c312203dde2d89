import { useState } from 'react';
import { ApiError, apiBlob, apiJson } from '../api/client';
import { downloadBlob } from '../api/downloadBlob';
import { notifications } from '../notifications/notificationStore';
import { useFlowState } from '../patient/flowStore';
import { usePageFocus } from '../renderer/usePageFocus';
import { postDemoEmail } from './sendDemoEmail';
import '../patient/patient.css';

type Action = 'store' | 'pdf' | 'email';

/** /submit, 'Soumission des réponses': the test screen of the three server calls (D11, D12). */
export function SubmitPage() {
  const { answers, band, demoEntry } = useFlowState();
  const [busy, setBusy] = useState<Action | null>(null);
  const heading = usePageFocus<HTMLHeadingElement>('/submit');

  const run = async (action: Action, call: () => Promise<void>, failure: string) => {
    setBusy(action);
    try {
      await call();
    } catch (error) {
      console.error(error);
      notifications.error(
        error instanceof ApiError && error.isNetwork ? 'Impossible de communiquer avec le serveur.' : failure,
      );
    } finally {
      setBusy(null);
    }
  };

  const store = () =>
    run(
      'store',
      async () => {
        await apiJson('post', '/api/storeJson', { body: { responses: answers, ageGroup: band } });
        notifications.info('Réponses sauvegardées avec succès\u00a0!');
      },
      'Erreur lors de l’enregistrement des réponses.',
    );
  const pdf = () =>
    run(
      'pdf',
      async () => {
        const blob = await apiBlob('post', '/api/pdf/fill-pdf', { body: { responses: answers, ageGroup: band } });
        downloadBlob(blob, 'Bilan_Prevention_Test.pdf');
      },
      'Impossible de télécharger le PDF.',
    );
  const email = () =>
    run(
      'email',
      async () => {
        await postDemoEmail({
          responses: answers,
          ageGroup: band,
          userForm: { email: demoEntry?.email ?? '', ageGroup: band },
        });
        notifications.info('Email envoyé avec succès\u00a0!');
      },
      'Erreur lors de l’envoi de l’email.',
    );

  return (
    <main className="container patient-page" id="contenu">
      <h1 ref={heading} tabIndex={-1}>
        Soumission des réponses
      </h1>
      <p>
        Écran de test{'\u00a0'}: envoyer au serveur les réponses en cours{band ? ` (tranche ${band})` : ''}.
      </p>
      <div className="button-row">
        <button type="button" className="btn btn-primary" disabled={busy !== null} onClick={() => void store()}>
          {busy === 'store' ? 'Envoi…' : 'Soumettre au serveur'}
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy !== null} onClick={() => void pdf()}>
          {busy === 'pdf' ? 'Envoi…' : 'Télécharger le PDF rempli'}
        </button>
        <button type="button" className="btn btn-blue" disabled={busy !== null} onClick={() => void email()}>
          {busy === 'email' ? 'Envoi…' : 'Envoyer par e-mail'}
        </button>
      </div>
    </main>
  );
}
