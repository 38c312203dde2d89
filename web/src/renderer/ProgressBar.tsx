import { t } from '../i18n/translate';
/** The pink progress bar, announced as "Étape 2 sur 5 — 40 %" (the review is the last step). */
export function ProgressBar({ value, step, steps }: { value: number; step: number; steps: number }) {
  const label = t('Étape {step} sur {steps} — {value}\u00a0%', { step, steps, value });
  return (
    <div className="progress-frame">
      <div
        className="progress"
        role="progressbar"
        aria-valuenow={value}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={label}
        aria-label={label}
      >
        <div className="progress-bar" style={{ width: `${value}%` }} />
      </div>
      <p className="progress-text" aria-hidden="true">
        {label}
      </p>
    </div>
  );
}
