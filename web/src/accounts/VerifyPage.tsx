import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../api/client';
import { AccountLayout } from './AccountLayout';
import { accountsApi } from './accountsApi';
import { FormMessage } from './FormMessage';
import { SubmitButton } from './SubmitButton';
import { MSG } from './messages';
import { dashboardPath, session } from './session';

const SPENT_CODES = new Set(['too_many_code_attempts', 'code_expired', 'verification_expired']);

export function VerifyPage() {
  const navigate = useNavigate();
  const [pending] = useState(() => session.verification());
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Once the code is spent (5 tries, expired), only a new login sends a new one.
  const [spent, setSpent] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!pending) return;
    setError(null);
    if (!/^\d{6}$/.test(code)) {
      setError('Saisissez les 6 chiffres du code reçu par e-mail.');
      return;
    }
    setBusy(true);
    try {
      const answer = await accountsApi.verify(pending.email, code, pending.tempToken);
      session.clearVerification();
      session.save(answer.token, answer.client);
      navigate(dashboardPath(answer.client));
    } catch (err) {
      setError(err instanceof ApiError && err.message && !err.isNetwork ? err.message : MSG.verifyFailed);
      if (err instanceof ApiError && SPENT_CODES.has(err.code)) {
        session.clearVerification();
        setSpent(true);
      }
      setBusy(false);
    }
  }

  return (
    <AccountLayout title="Vérification en deux étapes">
      {pending ? (
        <p id="verify-sent">
          Code envoyé à <strong>{pending.email}</strong>
        </p>
      ) : (
        <div role="alert" className="notice notice-error">
          {MSG.verifyExpired}
        </div>
      )}
      <form onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor="verify-code">Code de vérification (6 chiffres)</label>
          <input
            id="verify-code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
            required
            disabled={!pending}
            aria-describedby={pending ? 'verify-sent' : undefined}
          />
        </div>
        <FormMessage message={error} />
        <SubmitButton busy={busy} disabled={!pending || spent}>
          Valider
        </SubmitButton>
      </form>
      {!pending || spent ? (
        <p className="account-links">
          <button type="button" className="btn btn-secondary" onClick={() => navigate('/login')}>
            Retour à la connexion
          </button>
        </p>
      ) : null}
    </AccountLayout>
  );
}
