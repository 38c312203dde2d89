import { paris } from '@bilan/engine';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Link } from '../routing/Link';
import { ApiError } from '../api/client';
import { useSiteConfig } from '../site/useSiteConfig';
import { AccountLayout } from './AccountLayout';
import { staffApi, type InviteCheck } from './staffApi';
import { FormMessage } from '../ui/FormMessage';
import { SubmitButton } from '../ui/SubmitButton';
import { inviteReasonMessage, MSG } from './messages';
import { NewPasswordFields } from './NewPasswordFields';
import { useLinkToken } from './useLinkToken';

type InviteState = { kind: 'loading' } | { kind: 'invalid'; message: string } | { kind: 'valid'; invite: InviteCheck };

const NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function RegisterPage() {
  const navigate = useNavigate();
  const inviteToken = useLinkToken('invite');
  const site = useSiteConfig();
  const [invite, setInvite] = useState<InviteState>(() =>
    inviteToken ? { kind: 'loading' } : { kind: 'invalid', message: inviteReasonMessage('missing') },
  );
  const [name, setName] = useState('');
  const [nom, setNom] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!inviteToken) return;
    let active = true;
    staffApi
      .checkInvite(inviteToken)
      .then((result) => {
        if (!active) return;
        if (result.valid) {
          setInvite({ kind: 'valid', invite: result });
          if (result.email) setEmail(result.email);
        } else setInvite({ kind: 'invalid', message: inviteReasonMessage(result.reason) });
      })
      // A failed check counts as not_found (docs/product.md §4).
      .catch(() => active && setInvite({ kind: 'invalid', message: inviteReasonMessage('not_found') }));
    return () => {
      active = false;
    };
  }, [inviteToken]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!inviteToken) return setError(MSG.inviteMissing);
    const body = {
      name: name.trimStart(),
      nom: nom.trimStart(),
      email: email.trim().toLowerCase(),
      password,
      inviteToken,
    };
    if (!body.name || !body.nom || !body.email || !password || !confirm)
      return setError('Tous les champs sont obligatoires.');
    if (!NAME_PATTERN.test(body.name)) {
      return setError(
        'Le nom du compte ne peut contenir que des lettres minuscules sans accent, des chiffres et des tirets.',
      );
    }
    if (password !== confirm) return setError(MSG.passwordsDiffer);
    setBusy(true);
    try {
      await staffApi.register(body);
      navigate('/login', { state: { registered: true } });
    } catch (err) {
      setError(err instanceof ApiError && err.message && !err.isNetwork ? err.message : MSG.registerFailed);
      setBusy(false);
    }
  }

  if (invite.kind === 'loading') {
    return (
      <AccountLayout title="Créer un compte pharmacie" noIndex>
        <p role="status">Vérification de l’invitation…</p>
      </AccountLayout>
    );
  }

  if (invite.kind === 'invalid') {
    const contact = site?.contactEmail;
    return (
      <AccountLayout title="Créer un compte pharmacie" noIndex>
        <div role="alert" className="notice notice-error">
          {invite.message}
        </div>
        <div className="account-actions">
          <a
            className="btn btn-primary"
            href={`mailto:${contact ?? ''}?subject=${encodeURIComponent('Demande d’invitation')}`}
          >
            Contacter l’équipe par e-mail
          </a>
          <Link className="btn btn-secondary" to="/">
            Retour à l’accueil
          </Link>
        </div>
      </AccountLayout>
    );
  }

  const fixedEmail = invite.invite.email;
  return (
    <AccountLayout title="Créer un compte pharmacie" noIndex>
      {invite.invite.expiresAt ? <p>Lien valable jusqu’au {paris.frenchDate(invite.invite.expiresAt)}</p> : null}
      <form onSubmit={onSubmit} noValidate>
        <fieldset>
          <legend>Votre pharmacie</legend>
          <div className="field">
            <label htmlFor="reg-name">Nom du compte</label>
            <span className="hint" id="reg-name-hint">
              Utilisé dans l’adresse de vos formulaires (/nom-du-compte/userform){'\u00a0'}: lettres minuscules,
              chiffres et tirets, 64 caractères au plus.
            </span>
            <input
              id="reg-name"
              type="text"
              maxLength={64}
              autoComplete="organization"
              value={name}
              onChange={(e) => setName(e.target.value.trimStart())}
              aria-describedby="reg-name-hint"
              required
            />
          </div>
          <div className="field">
            <label htmlFor="reg-nom">Nom affiché</label>
            <span className="hint" id="reg-nom-hint">
              Le nom que verront vos patients, par exemple «{'\u00a0'}Pharmacie du Centre{'\u00a0'}».
            </span>
            <input
              id="reg-nom"
              type="text"
              maxLength={128}
              value={nom}
              onChange={(e) => setNom(e.target.value.trimStart())}
              aria-describedby="reg-nom-hint"
              required
            />
          </div>
        </fieldset>
        <fieldset>
          <legend>Vos identifiants</legend>
          <div className="field">
            <label htmlFor="reg-email">Adresse e-mail</label>
            {fixedEmail ? (
              <span className="hint" id="reg-email-hint">
                Adresse fixée par l’invitation.
              </span>
            ) : null}
            <input
              id="reg-email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value.trimStart())}
              readOnly={Boolean(fixedEmail)}
              aria-describedby={fixedEmail ? 'reg-email-hint' : undefined}
              required
            />
          </div>
          <NewPasswordFields
            label="Mot de passe"
            password={password}
            confirm={confirm}
            onPassword={setPassword}
            onConfirm={setConfirm}
          />
        </fieldset>
        <FormMessage message={error} />
        <SubmitButton busy={busy}>Créer le compte</SubmitButton>
      </form>
    </AccountLayout>
  );
}
