import { useState, type FormEvent } from 'react';
import { Link } from '../routing/Link';
import { ApiError } from '../api/client';
import { AccountLayout } from './AccountLayout';
import { staffApi } from './staffApi';
import { FormMessage } from '../ui/FormMessage';
import { SubmitButton } from '../ui/SubmitButton';
import { MSG } from './messages';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setDone(null);
    const clean = email.trim().toLowerCase();
    if (!clean) return setError('Veuillez saisir votre adresse e-mail.');
    setBusy(true);
    try {
      setDone((await staffApi.requestReset(clean)) || MSG.resetRequested);
    } catch (err) {
      if (err instanceof ApiError && err.isNetwork) setError(MSG.resetRequestNetwork);
      else setError(err instanceof ApiError && err.message ? err.message : MSG.genericError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AccountLayout title="Mot de passe oublié" links={<Link to="/login">Retour à la connexion</Link>}>
      <p>
        Saisissez l’adresse e-mail de votre compte{'\u00a0'}: vous recevrez un lien pour choisir un nouveau mot de
        passe.
      </p>
      <form onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor="forgot-email">Adresse e-mail</label>
          <input
            id="forgot-email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
          />
        </div>
        <FormMessage message={error} />
        <FormMessage kind="success" message={done} />
        <SubmitButton busy={busy}>Envoyer le lien</SubmitButton>
      </form>
    </AccountLayout>
  );
}
