import { deName } from '@bilan/engine';
import { useEffect, useState } from 'react';
import { pharmacyApi } from './pharmacyApi';
import { MSG } from '../staff/messages';
import { saveDownload } from '../staff/saveDownload';

interface Props {
  link: string;
  nom: string;
}

/** The pharmacy's patient link as a QR code, and the A4 poster to print for the counter. */
export function QrPanel({ link, nom }: Props) {
  const [src, setSrc] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let url: string | null = null;
    let active = true;
    pharmacyApi
      .qrCode()
      .then((blob) => {
        if (!active) return;
        url = URL.createObjectURL(blob);
        setSrc(url);
      })
      .catch(() => undefined);
    return () => {
      active = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, []);

  const poster = () =>
    saveDownload(() => pharmacyApi.poster(), 'Affiche_QR_code.pdf', {
      busy: setBusy,
      failure: () => MSG.downloadFailed,
    });

  return (
    <section aria-labelledby="qr-title" className="card qr-panel">
      <div>
        <h2 id="qr-title">Lien de vos patients</h2>
        <p>
          Vos patients remplissent leur questionnaire à cette adresse{'\u00a0'}: <a href={link}>{link}</a>
        </p>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => void poster()}
          disabled={busy}
          aria-busy={busy}
        >
          Télécharger l’affiche A4 à imprimer (PDF)
        </button>
      </div>
      {src ? (
        <img
          className="qr-image"
          src={src}
          alt={`QR code du questionnaire ${deName(nom)}\u00a0: ${link}`}
          width={160}
          height={160}
        />
      ) : null}
    </section>
  );
}
