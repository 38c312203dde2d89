import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../api/client';
import { AccountLayout } from './AccountLayout';
import { staffApi } from './staffApi';
import { FormMessage } from '../ui/FormMessage';
import { SubmitButton } from '../ui/SubmitButton';
import { MSG } from './messages';
import { dashboardPath, session } from './session';

const SPENT_CODES = new Set(['too_many_code_attempts', 'code_expired', 'verification_expired']);

/** Seconds before « Renvoyer le code » is offered, as the server allows it. */
const RESEND_AFTER_SECONDS = 60;

export function VerifyPage() {
  const navigate = useNavigate();
  const [pending] = useState(() => session.verification());
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Once the code is spent (5 tries, expired), only a new login sends a new one.
  const [spent, setSpent] = useState(false);
  // When « Renvoyer le code » may be pressed (a minute after the last code), and the clock that counts down to it.
  const [resendAt, setResendAt] = useState(() => Date.now() + RESEND_AFTER_SECONDS * 1000);
  const [now, setNow] = useState(() => Date.now());
  const [resending, setResending] = useState(false);
  const [resent, setResent] = useState(false);
  const wait = Math.max(0, Math.ceil((resendAt - now) / 1000));

  useEffect(() => {
    if (resendAt <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [resendAt]);
  const waitAgain = (seconds: number) => {
    setNow(Date.now());
    setResendAt(Date.now() + seconds * 1000);
  };

  async function resend() {
    if (!pending) return;
    setError(null);
    setResent(false);
    setResending(true);
    try {
      const answer = await staffApi.resendCode(pending.tempToken);
      setResent(true);
      setCode('');
      waitAgain(answer.resendAfterSeconds);
    } catch (err) {
      setError(err instanceof ApiError && err.message && !err.isNetwork ? err.message : MSG.genericError);
      if (err instanceof ApiError && SPENT_CODES.has(err.code)) {
        session.clearVerification();
        setSpent(true);
      }
      if (err instanceof ApiError && err.code === 'resend_too_soon')
        waitAgain(err.retryAfterSeconds ?? RESEND_AFTER_SECONDS);
    } finally {
      setResending(false);
    }
  }

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
      const answer = await staffApi.verify(pending.email, code, pending.tempToken);
      session.clearVerification();
      session.save(answer.client);
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
      {pending && !spent ? (
        <div className="resend-code">
          <p role="status">{resent ? 'Un nouveau code a été envoyé.' : ''}</p>
          {wait > 0 ? (
            <p className="hint">
              Pas reçu{'\u00a0'}? Vous pourrez demander un nouveau code dans {wait}
              {'\u00a0'}s.
            </p>
          ) : (
            <button
              type="button"
              className="btn btn-secondary"
              disabled={resending}
              aria-busy={resending}
              onClick={() => void resend()}
            >
              Renvoyer le code
            </button>
          )}
        </div>
      ) : null}
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
