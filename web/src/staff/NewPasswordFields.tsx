import { PasswordField } from './PasswordField';

interface Props {
  label: string;
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
}

/** A new password and its confirmation, with the policy in plain words. */
export function NewPasswordFields({ label, password, confirm, onPassword, onConfirm }: Props) {
  return (
    <>
      <PasswordField
        label={label}
        value={password}
        onChange={onPassword}
        autoComplete="new-password"
        hint={'De 12 à 128 caractères\u00a0; une phrase de plusieurs mots est facile à retenir et difficile à deviner.'}
      />
      <PasswordField
        label="Confirmer le mot de passe"
        value={confirm}
        onChange={onConfirm}
        autoComplete="new-password"
      />
    </>
  );
}
