import { paris } from '@bilan/engine';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../api/client';
import { notifications } from '../notifications/notificationStore';
import { MSG } from '../staff/messages';
import { FormMessage } from '../ui/FormMessage';
import { SubmitButton } from '../ui/SubmitButton';
import { adminApi, type Invitation } from './adminApi';
import { copyLink } from './copyLink';
import { InvitationTable } from './InvitationTable';
import { useAdminData } from './useAdminData';

/** Days of validity typed by the admin: non-numeric falls back to 7, the minimum is 1. */
export function parseTtlDays(raw: string): number {
  const n = Number.parseInt(raw, 10);
  if (!Number.isFinite(n)) return 7;
  return Math.min(365, Math.max(1, n));
}

interface Props {
  /** Read the list again when it changes. */
  revision: number;
  /** An invitation was created or sent again. */
  onChange: () => void;
}

/** « Inviter une pharmacie »: the form, the link of the invitation just created, the list. */
export function InvitationsPanel({ revision, onChange }: Props) {
  // The list's failure is silently ignored (docs/product.md §7).
  const invitations = useAdminData(adminApi.invitations, revision).data ?? [];
  const [links, setLinks] = useState<Record<number, string>>({});
  const [email, setEmail] = useState('');
  const [ttl, setTtl] = useState('7');
  const [created, setCreated] = useState<Invitation | null>(null);
  const [createError, setCreateError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState<number | null>(null);

  async function onCreate(event: FormEvent) {
    event.preventDefault();
    setCreateError(null);
    setBusy(true);
    try {
      const invitation = await adminApi.createInvitation(email.trim().toLowerCase() || null, parseTtlDays(ttl));
      const link = invitation.registerLink ?? `${window.location.origin}/register?invite=${invitation.token ?? ''}`;
      setCreated({ ...invitation, registerLink: link });
      setLinks((prev) => ({ ...prev, [invitation.id]: link }));
      setEmail('');
      onChange();
    } catch (err) {
      setCreateError(
        err instanceof ApiError && (err.status === 401 || err.status === 403)
          ? MSG.adminFailed
          : MSG.inviteCreateFailed,
      );
    } finally {
      setBusy(false);
    }
  }

  async function resend(invitation: Invitation) {
    setResending(invitation.id);
    try {
      const renewed = await adminApi.resendInvitation(invitation.id);
      notifications.info(
        `Invitation renvoyée à ${renewed.email ?? ''}, valable jusqu’au ${paris.frenchDate(renewed.expiresAt)}.`,
      );
      // The link shown at creation no longer works: only the e-mailed one does.
      setLinks((prev) => Object.fromEntries(Object.entries(prev).filter(([id]) => Number(id) !== invitation.id)));
      onChange();
    } catch (err) {
      notifications.error(err instanceof ApiError && err.message && !err.isNetwork ? err.message : MSG.genericError);
    } finally {
      setResending(null);
    }
  }

  return (
    <section aria-labelledby="invite-title" className="card">
      <h2 id="invite-title">Inviter une pharmacie</h2>
      <form onSubmit={onCreate} noValidate className="invite-form">
        <div className="field">
          <label htmlFor="invite-email">Adresse e-mail (facultative)</label>
          <span className="hint" id="invite-email-hint">
            Si elle est indiquée, le compte devra être créé avec cette adresse.
          </span>
          <input
            id="invite-email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-describedby="invite-email-hint"
          />
        </div>
        <div className="field">
          <label htmlFor="invite-ttl">Durée de validité (jours)</label>
          <input
            id="invite-ttl"
            type="number"
            min={1}
            max={365}
            step={1}
            inputMode="numeric"
            value={ttl}
            onChange={(e) => setTtl(e.target.value)}
          />
        </div>
        <FormMessage message={createError} />
        <SubmitButton busy={busy} block={false}>
          Créer l’invitation
        </SubmitButton>
      </form>
      {created?.registerLink ? (
        <div role="status" className="notice notice-success invite-created">
          <p>
            {created.emailed
              ? `Invitation envoyée par e-mail à ${created.email ?? ''}, valable jusqu’au ${paris.frenchDate(created.expiresAt)}.`
              : `Invitation créée, valable jusqu’au ${paris.frenchDate(created.expiresAt)}.`}{' '}
            Vous pouvez aussi transmettre ce lien (il ne sera plus affiché en entier){'\u00a0'}:
          </p>
          <p className="invite-link">
            <code>{created.registerLink}</code>
          </p>
          <button type="button" className="btn btn-secondary" onClick={() => void copyLink(created.registerLink ?? '')}>
            Copier le lien
          </button>
        </div>
      ) : null}
      <InvitationTable invitations={invitations} links={links} resending={resending} onResend={(i) => void resend(i)} />
    </section>
  );
}
