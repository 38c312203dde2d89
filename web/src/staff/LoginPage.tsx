import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Link } from '../routing/Link';
import { ApiError } from '../api/client';
import { AccountLayout } from './AccountLayout';
import { staffApi } from './staffApi';
import { FormMessage } from '../ui/FormMessage';
import { SubmitButton } from '../ui/SubmitButton';
import { MSG } from './messages';
import { PasswordField } from './PasswordField';
import { dashboardPath, session } from './session';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const justRegistered = (location.state as { registered?: boolean } | null)?.registered === true;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    session.clearAll();
    setError(null);
    const cleanEmail = email.trim().toLowerCase();
    if (!cleanEmail || !password) {
      setError('Veuillez saisir votre adresse e-mail et votre mot de passe.');
      return;
    }
    setBusy(true);
    try {
      const answer = await staffApi.login(cleanEmail, password);
      if (!('client' in answer)) {
        session.saveVerification(answer.token, cleanEmail);
        navigate('/verify');
        return;
      }
      session.save(answer.client);
      navigate(dashboardPath(answer.client));
    } catch (err) {
      setError(err instanceof ApiError && err.message && !err.isNetwork ? err.message : MSG.loginFailed);
      setBusy(false);
    }
  }

  return (
    <AccountLayout title="Connexion" links={<Link to="/forgot-password">Mot de passe oublié{'\u00a0'}?</Link>}>
      <FormMessage
        kind="success"
        message={
          justRegistered
            ? 'Compte créé. Ouvrez le lien reçu par e-mail pour vérifier votre adresse, puis connectez-vous.'
            : null
        }
      />
      <form onSubmit={onSubmit} noValidate aria-describedby="login-error">
        <div className="field">
          <label htmlFor="login-email">Adresse e-mail</label>
          <input
            id="login-email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
          />
        </div>
        <PasswordField label="Mot de passe" value={password} onChange={setPassword} autoComplete="current-password" />
        <div id="login-error">
          <FormMessage message={error} />
        </div>
        <SubmitButton busy={busy}>Continuer</SubmitButton>
      </form>
    </AccountLayout>
  );
}
