import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Link } from '../routing/Link';
import { ApiError } from '../api/client';
import { AccountLayout } from './AccountLayout';
import { staffApi } from './staffApi';
import { FormMessage } from '../ui/FormMessage';
import { SubmitButton } from '../ui/SubmitButton';
import { MSG } from './messages';
import { NewPasswordFields } from './NewPasswordFields';
import { useLinkToken } from './useLinkToken';

export const RESET_REDIRECT_MS = 3000;

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const token = useLinkToken('token');
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
      await staffApi.resetPassword(token, password);
      setDone(true);
    } catch (err) {
      if (err instanceof ApiError && err.isNetwork) setError(MSG.resetNetwork);
      else setError(err instanceof ApiError && err.message ? err.message : MSG.genericError);
      setBusy(false);
    }
  }

  return (
    <AccountLayout
      title="Nouveau mot de passe"
      noIndex
      links={<Link to="/forgot-password">Demander un nouveau lien</Link>}
    >
      {done ? (
        <FormMessage kind="success" message={MSG.resetDone} />
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <NewPasswordFields
            label="Nouveau mot de passe"
            password={password}
            confirm={confirm}
            onPassword={setPassword}
            onConfirm={setConfirm}
          />
          <FormMessage message={error} />
          <SubmitButton busy={busy} disabled={!token}>
            Enregistrer le mot de passe
          </SubmitButton>
        </form>
      )}
    </AccountLayout>
  );
}
