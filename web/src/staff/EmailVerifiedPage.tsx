import { useEffect, useState } from 'react';
import { Link } from '../routing/Link';
import { ApiError } from '../api/client';
import { AccountLayout } from './AccountLayout';
import { staffApi } from './staffApi';
import { useLinkToken } from './useLinkToken';

type Verification = 'checking' | 'verified' | 'invalid' | 'network';

/** /email-verifie#token=…: the e-mailed verification link; the page posts its token and says the outcome. */
export function EmailVerifiedPage() {
  const token = useLinkToken('token');
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<{ attempt: number; value: Exclude<Verification, 'checking'> } | null>(null);

  useEffect(() => {
    if (!token) return;
    let live = true;
    staffApi
      .verifyEmail(token)
      .then(() => live && setOutcome({ attempt, value: 'verified' }))
      .catch(
        (error: unknown) =>
          live && setOutcome({ attempt, value: error instanceof ApiError && error.isNetwork ? 'network' : 'invalid' }),
      );
    return () => {
      live = false;
    };
  }, [token, attempt]);

  const state: Verification = !token ? 'invalid' : outcome?.attempt === attempt ? outcome.value : 'checking';
  if (state === 'checking') {
    return (
      <AccountLayout title="Vérification de l’adresse e-mail" noIndex>
        <p role="status">Vérification de votre adresse e-mail…</p>
      </AccountLayout>
    );
  }
  if (state === 'verified') {
    return (
      <AccountLayout title="Adresse e-mail vérifiée" noIndex>
        <p role="status" className="notice notice-success">
          Votre adresse e-mail est vérifiée. Vous pouvez maintenant vous connecter.
        </p>
        <Link className="btn btn-primary" to="/login">
          Se connecter
        </Link>
      </AccountLayout>
    );
  }
  if (state === 'network') {
    return (
      <AccountLayout title="Vérification de l’adresse e-mail" noIndex>
        <div role="alert" className="notice notice-error">
          La vérification n’a pas pu aboutir{'\u00a0'}: la connexion au serveur a échoué. Vérifiez votre connexion, puis
          réessayez.
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setAttempt((n) => n + 1)}>
          Réessayer
        </button>
      </AccountLayout>
    );
  }
  return (
    <AccountLayout title="Vérification de l’adresse e-mail" noIndex>
      <div role="alert" className="notice notice-error">
        Lien invalide ou expiré. Un lien ne sert qu’une fois{'\u00a0'}: si votre adresse est déjà vérifiée,
        connectez-vous.
      </div>
      <Link className="btn btn-primary" to="/login">
        Se connecter
      </Link>
    </AccountLayout>
  );
}
