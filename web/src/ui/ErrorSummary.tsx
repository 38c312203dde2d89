import { forwardRef, useId } from 'react';
import { t } from '../i18n/translate';

export interface ErrorSummaryItem {
  /** The id of the control the link moves the focus to. */
  target: string;
  message: string;
}

/**
 * The error summary of a refused form (GOV.UK / DSFR pattern): a heading and one link per
 * problem, at the top of the form. The form moves the focus here after a refused submit; a link
 * moves the focus to its field (and scrolls it into view with its label).
 */
export const ErrorSummary = forwardRef<HTMLDivElement, { items: ErrorSummaryItem[] }>(function ErrorSummary(
  { items },
  ref,
) {
  const titleId = useId();
  if (items.length === 0) return null;
  return (
    <div ref={ref} className="error-summary" tabIndex={-1} aria-labelledby={titleId}>
      <h2 id={titleId} className="error-summary-title">
        {t('Il y a un problème')}
      </h2>
      <ul className="error-summary-list">
        {items.map((item) => (
          <li key={item.target}>
            <a
              href={`#${item.target}`}
              onClick={(event) => {
                const field = document.getElementById(item.target);
                if (!field) return;
                event.preventDefault();
                const around = field.closest('fieldset, .field') ?? field;
                around.scrollIntoView?.({ block: 'start' });
                field.focus({ preventScroll: true });
              }}
            >
              {item.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
});
