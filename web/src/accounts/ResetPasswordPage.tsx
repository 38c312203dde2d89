import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { AccountLayout } from './AccountLayout';
import { accountsApi } from './accountsApi';
import { FormError } from './FormError';
import { MSG } from './messages';
import { PasswordField } from './PasswordField';

export const RESET_REDIRECT_MS = 3000;

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : 'Lien invalide ou expiré');

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/login'), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!token) return setError('Lien invalide ou expiré');
    if (!password || !confirm) return setError('Veuillez remplir les deux champs.');
    if (password !== confirm) return setError(MSG.passwordsDiffer);
    setBusy(true);
    try {
      await accountsApi.resetPassword(token, password);
      setDone(true);
    } catch (err) {
      if (err instanceof ApiError && err.isNetwork) setError(MSG.resetNetwork);
      else setError(err instanceof ApiError && err.message ? err.message : MSG.genericError);
      setBusy(false);
    }
  }

  return (
    <AccountLayout title="Nouveau mot de passe" noIndex>
      {done ? (
        <p role="status" className="notice notice-success">
          {MSG.resetDone}
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <PasswordField
            label="Nouveau mot de passe"
            value={password}
            onChange={setPassword}
            autoComplete="new-password"
            hint="De 12 à 128 caractères ; une phrase de plusieurs mots est facile à retenir et difficile à deviner."
          />
          <PasswordField label="Confirmer le mot de passe" value={confirm} onChange={setConfirm} autoComplete="new-password" />
          <FormError message={error} />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy || !token} aria-busy={busy}>
            Enregistrer le mot de passe
          </button>
        </form>
      )}
      <p className="account-links">
        <Link to="/forgot-password">Demander un nouveau lien</Link>
      </p>
    </AccountLayout>
  );
}
