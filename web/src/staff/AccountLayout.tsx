import { useEffect, type ReactNode } from 'react';
import './account.css';

interface Props {
  title: string;
  children: ReactNode;
  /** Sign-up and reset pages must not be indexed (their links carry secrets). */
  noIndex?: boolean;
  /** The way on under the card's content (e.g. back to the login). */
  links?: ReactNode;
}

/** The centred card of the account screens, with the page title as its only h1. */
export function AccountLayout({ title, children, noIndex = false, links }: Props) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · Bilan Prévention`;
    return () => {
      document.title = previous;
    };
  }, [title]);
  return (
    <main id="main" className="account-page">
      {/* React 19 hoists <meta> to the document head. */}
      {noIndex ? <meta name="robots" content="noindex" /> : null}
      <div className="card account-card">
        <p className="account-brand">Bilan Prévention</p>
        <h1>{title}</h1>
        {children}
        {links ? <p className="account-links">{links}</p> : null}
      </div>
    </main>
  );
}
