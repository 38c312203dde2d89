import { legalAddress } from '../i18n/legalAddress';
import { t } from '../i18n/translate';
import { useLanguage } from '../i18n/useLanguage';

/**
 * The consent to the processing of health data (docs/product.md §5), with the privacy policy in a
 * new tab, opened with its summary in the patient's language (issue 46).
 */
export function ConsentField({
  checked,
  error,
  onChange,
}: {
  checked: boolean;
  error: string | undefined;
  onChange: (checked: boolean) => void;
}) {
  const language = useLanguage();
  return (
    <div className="field consent">
      <label className="choice" htmlFor="reg-consent">
        <input
          type="checkbox"
          id="reg-consent"
          name="consent"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'reg-consent-error' : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>
          {t('J’accepte que mes données de santé soient traitées pour mon bilan de prévention, selon la')}{' '}
          <a href={legalAddress('/politiqueConfidentialite', language)} target="_blank" rel="noopener noreferrer">
            {t('politique de confidentialité (nouvel onglet)')}
          </a>
          .
        </span>
      </label>
      {error && (
        <p id="reg-consent-error" className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
