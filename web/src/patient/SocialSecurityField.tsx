import { useState } from 'react';
import { MESSAGES, ssnLiveMessage } from './registrationRules';
import { t } from '../i18n/translate';

/**
 * The optional social security number of the registration: letters refused as they are typed
 * (but 2A or 2B for a Corsican department), spaces kept (the number is read without them), a
 * message while the number is too long or its control key is wrong, the refusal of a submit
 * (`error`) first.
 */
export function SocialSecurityField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const [live, setLive] = useState<string | null>(null);
  const shown = error ?? live;
  return (
    <div className="field">
      <label htmlFor="reg-ssn">{t('Numéro de sécurité sociale (facultatif)')}</label>
      <p id="reg-ssn-hint" className="hint">
        {t('15\u00a0chiffres, clé comprise (les espaces sont acceptés).')}
      </p>
      <input
        type="text"
        id="reg-ssn"
        name="numero_securite_sociale"
        inputMode="numeric"
        autoComplete="off"
        value={value}
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? 'reg-ssn-hint reg-ssn-error' : 'reg-ssn-hint'}
        onChange={(e) => {
          const next = e.target.value;
          const message = ssnLiveMessage(next);
          setLive(message);
          // Letters are refused as they are typed; a 16th digit stays visible with its message.
          if (message !== MESSAGES.ssnDigits) onChange(next);
        }}
      />
      <p id="reg-ssn-error" className="field-error" aria-live="polite">
        {shown}
      </p>
    </div>
  );
}
