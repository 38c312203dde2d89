import { useEffect, type ReactNode } from 'react';
import { Footer } from './Footer';
import { SiteHeader } from './SiteHeader';
import './site.css';

export interface SitePageProps {
  /** Document title, before the site name. */
  title: string;
  children: ReactNode;
}

/** Frame of the public pages: skip link, header, main content and the legal footer. */
export function SitePage({ title, children }: SitePageProps) {
  useEffect(() => {
    document.title = `${title} | Bilan Prévention`;
  }, [title]);
  return (
    <div className="site-page">
      <a className="skip-link" href="#contenu">
        Aller au contenu
      </a>
      <SiteHeader />
      <main id="contenu" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
