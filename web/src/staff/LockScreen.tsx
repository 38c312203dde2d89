import { useState, type FormEvent } from 'react';
import { ApiError } from '../api/client';
import { AccountLayout } from './AccountLayout';
import { MSG } from './messages';
import { patientMode } from './patientMode';
import { PasswordField } from './PasswordField';
import { staffApi } from './staffApi';
import { FormMessage } from '../ui/FormMessage';
import { SubmitButton } from '../ui/SubmitButton';
import { useLogout } from './useLogout';

/** A short code is 4 to 8 digits; the account's password has at least 12 characters. */
const CODE = /^\d{4,8}$/;

/**
 * What every staff address shows while this device is in patient mode (D40): nothing of the
 * dashboard, the password or the short code to take the device back, and a way out that ends the
 * session. Unlocked, the page that was asked for shows (`onUnlocked`).
 */
export function LockScreen({ onUnlocked }: { onUnlocked: () => void }) {
  const logout = useLogout();
  const [secret, setSecret] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const value = secret.trim();
    if (!value) {
      setError('Saisissez le mot de passe du compte ou le code de déverrouillage.');
      return;
    }
    setBusy(true);
    try {
      await staffApi.unlock(CODE.test(value) ? { code: value } : { password: secret });
      patientMode.set(false);
      onUnlocked();
    } catch (err) {
      // 401: the session ended meanwhile (logout elsewhere, expiry): the login is the way back.
      if (err instanceof ApiError && err.status === 401) return void logout();
      setError(err instanceof ApiError && err.message && !err.isNetwork ? err.message : MSG.genericError);
      setSecret('');
      setBusy(false);
    }
  }

  return (
    <AccountLayout
      title="Tablette en mode patient"
      links={
        <button type="button" className="btn btn-link" onClick={() => void logout()}>
          Se déconnecter
        </button>
      }
    >
      <p>
        Le tableau de bord est verrouillé sur cet appareil. Pour le retrouver, saisissez le mot de passe du compte ou le
        code choisi en passant la tablette au patient.
      </p>
      <form onSubmit={onSubmit} noValidate aria-describedby="unlock-error">
        <PasswordField
          label="Mot de passe ou code"
          value={secret}
          onChange={setSecret}
          autoComplete="current-password"
        />
        <div id="unlock-error">
          <FormMessage message={error} />
        </div>
        <SubmitButton busy={busy}>Déverrouiller</SubmitButton>
      </form>
    </AccountLayout>
  );
}
