import { paris } from '@bilan/engine';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError } from '../api/client';
import { notifications } from '../notifications/notificationStore';
import { MSG } from '../staff/messages';
import { Dialog } from '../ui/Dialog';
import { FormMessage } from '../ui/FormMessage';
import { pharmacyApi, type ActView, type FormActs } from './pharmacyApi';

/** The next step's button, as the pharmacist reads it. */
const NEXT_LABELS = {
  a_facturer: 'Passer à «\u00a0À facturer\u00a0»',
  facture: 'Passer à «\u00a0Facturé\u00a0»',
} as const;

/**
 * The act of a form's page (D34, issue 40): « Bilan réalisé » records it (refused in plain words
 * for a person who already has theirs in the band, or before the department is set); then its
 * status, the next step (« Facturé » with an optional invoice reference), and « Annuler l’acte »
 * with its reason in a dialog. A cancelled act stays listed, « Annulé », with its reason.
 */
export function ActPanel({
  formId,
  onChange,
  onAuthFailure,
}: {
  formId: number;
  /** The form's status follows: the day of the active act, or null. */
  onChange: (doneAt: string | null) => void;
  onAuthFailure: (err: unknown) => boolean;
}) {
  const [data, setData] = useState<FormActs | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [reference, setReference] = useState('');
  const [cancelling, setCancelling] = useState<ActView | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    pharmacyApi
      .acts(formId)
      .then((d) => {
        if (active) setData(d);
      })
      .catch((err: unknown) => {
        if (active && !onAuthFailure(err))
          setRefusal(err instanceof ApiError && err.message ? err.message : MSG.genericError);
      });
    return () => {
      active = false;
    };
  }, [formId, onAuthFailure]);

  const current = data?.acts.find((a) => a.status !== 'annule') ?? null;

  /** Runs one change, then shows the act as the server answers it. */
  async function run(change: () => Promise<ActView>, done: string) {
    setBusy(true);
    try {
      const act = await change();
      setRefusal(null);
      setData((d) => (d ? { ...d, acts: [act, ...d.acts.filter((a) => a.id !== act.id)] } : d));
      onChange(act.status === 'annule' ? null : act.performedAt);
      notifications.info(done);
      return true;
    } catch (err) {
      if (!onAuthFailure(err)) setRefusal(err instanceof ApiError && err.message ? err.message : MSG.genericError);
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function confirmCancel(e: FormEvent) {
    e.preventDefault();
    if (!cancelling) return;
    if (!reason.trim()) {
      setReasonError('Indiquez le motif de l’annulation.');
      return;
    }
    const act = cancelling;
    if (
      await run(() => pharmacyApi.cancelAct(act.id, reason.trim()), 'Acte annulé. Il reste au registre avec son motif.')
    ) {
      setCancelling(null);
      setReason('');
      setReasonError(null);
    }
  }

  return (
    <section aria-labelledby="act-title" className="card act-panel">
      <h2 id="act-title">
        Acte «{'\u00a0'}Bilan prévention{'\u00a0'}»
      </h2>
      {refusal ? (
        <p className="act-refusal" role="alert">
          {refusal}
        </p>
      ) : null}
      {data && !current ? (
        <>
          <p>
            {data.amount
              ? `Code RDP, ${data.amount}. L’acte est enregistré à la date du jour, une fois par personne et par tranche d’âge.`
              : 'Indiquez d’abord le département de la pharmacie dans «\u00a0Affiche et lien\u00a0»\u00a0: il fixe le montant de l’acte.'}
          </p>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            aria-busy={busy}
            onClick={() => void run(() => pharmacyApi.recordAct(formId), 'Bilan réalisé\u00a0: acte enregistré.')}
          >
            Bilan réalisé
          </button>
        </>
      ) : null}
      {current ? (
        <div className="act-current">
          <dl className="form-facts">
            <div>
              <dt>Réalisé le</dt>
              <dd>{paris.frenchDate(current.performedAt)}</dd>
            </div>
            <div>
              <dt>Acte</dt>
              <dd>
                {current.code}, {current.amount}
              </dd>
            </div>
            <div>
              <dt>Statut</dt>
              <dd>
                <span className={`act-status act-status-${current.status}`} data-testid="act-status">
                  {current.statusLabel}
                </span>
                {current.reference ? ` (facture ${current.reference})` : null}
              </dd>
            </div>
          </dl>
          <div className="form-card-actions">
            {current.next === 'facture' ? (
              <div className="field">
                <label htmlFor="act-reference">Référence de facture (facultatif)</label>
                <input
                  id="act-reference"
                  maxLength={100}
                  value={reference}
                  onChange={(e) => setReference(e.target.value)}
                />
              </div>
            ) : null}
            {current.next ? (
              <button
                type="button"
                className="btn btn-secondary"
                disabled={busy}
                aria-busy={busy}
                onClick={() => {
                  const next = current.next as 'a_facturer' | 'facture';
                  void run(
                    () => pharmacyApi.actStatus(current.id, next, next === 'facture' ? reference.trim() || null : null),
                    next === 'facture' ? 'Acte facturé.' : 'Acte à facturer.',
                  );
                }}
              >
                {NEXT_LABELS[current.next]}
              </button>
            ) : null}
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy}
              onClick={() => {
                setReason('');
                setReasonError(null);
                setCancelling(current);
              }}
            >
              Annuler l’acte
            </button>
          </div>
        </div>
      ) : null}
      {data && data.acts.some((a) => a.status === 'annule') ? (
        <ul className="act-history">
          {data.acts
            .filter((a) => a.status === 'annule')
            .map((a) => (
              <li key={a.id}>
                Acte du {paris.frenchDate(a.performedAt)} annulé le {paris.frenchDate(a.cancelledAt ?? a.performedAt)}
                {'\u00a0'}: {a.cancelReason}
              </li>
            ))}
        </ul>
      ) : null}
      {cancelling ? (
        <Dialog title="Annuler l’acte" onCancel={() => setCancelling(null)}>
          <form onSubmit={(e) => void confirmCancel(e)} noValidate>
            <p>
              L’acte du {paris.frenchDate(cancelling.performedAt)} reste au registre, marqué «{'\u00a0'}Annulé{'\u00a0'}
              » avec son motif.
            </p>
            <div className="field">
              <label htmlFor="act-cancel-reason">Motif de l’annulation</label>
              <FormMessage message={reasonError} />
              <textarea
                id="act-cancel-reason"
                maxLength={500}
                required
                aria-invalid={reasonError ? true : undefined}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            </div>
            <div className="dialog-actions">
              <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
                Confirmer l’annulation
              </button>
              <button type="button" className="btn btn-secondary" onClick={() => setCancelling(null)}>
                Garder l’acte
              </button>
            </div>
          </form>
        </Dialog>
      ) : null}
    </section>
  );
}
