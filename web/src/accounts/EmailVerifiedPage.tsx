import { Link, useSearchParams } from 'react-router-dom';
import { AccountLayout } from './AccountLayout';

export function EmailVerifiedPage() {
  const [params] = useSearchParams();
  if (params.get('status') === 'success') {
    return (
      <AccountLayout title="Adresse e-mail vérifiée">
        <p role="status" className="notice notice-success">
          Votre adresse e-mail est vérifiée. Vous pouvez maintenant vous connecter.
        </p>
        <Link className="btn btn-primary" to="/login">
          Se connecter
        </Link>
      </AccountLayout>
    );
  }
  return (
    <AccountLayout title="Vérification de l’adresse e-mail">
      <div role="alert" className="notice notice-error">
        Lien invalide ou expiré
      </div>
      <Link className="btn btn-secondary" to="/register">
        Retour à l’inscription
      </Link>
    </AccountLayout>
  );
}
