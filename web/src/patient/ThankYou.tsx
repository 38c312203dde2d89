import type { ReactNode } from 'react';
import { Link } from '../routing/Link';
import { usePageFocus } from '../renderer/usePageFocus';
import './patient.css';
import { t } from '../i18n/translate';

export interface ThankYouProps {
  /** The paragraphs under « MERCI ! ». */
  children: ReactNode;
  backTo: string;
  backLabel: string;
  /** Called when the way back is taken (the demo forgets what it kept for sending again). */
  onBack?: () => void;
}

/** The last screen of a flow (real or demo): thanks, what happens next, one way back. */
export function ThankYou({ children, backTo, backLabel, onBack }: ThankYouProps) {
  const heading = usePageFocus<HTMLHeadingElement>(backTo);
  return (
    <main className="container patient-page thank-you" id="contenu">
      <h1 ref={heading} tabIndex={-1}>
        {t('MERCI\u00a0!')}
      </h1>
      {children}
      <Link className="btn btn-primary" to={backTo} onClick={onBack}>
        {backLabel}
      </Link>
    </main>
  );
}
