import { useEffect, type ReactNode } from 'react';
import { Footer } from './Footer';
import { SiteHeader } from './SiteHeader';
import './site.css';

export interface SitePageProps {
  /** Document title, before the site name. */
  title: string;
  children: ReactNode;
}

/** The browser's title of a public page. */
export const documentTitle = (title: string) => `${title} | Bilan Prévention`;

/** Frame of the public pages: skip link, header, main content and the legal footer. */
export function SitePage({ title, children }: SitePageProps) {
  useEffect(() => {
    document.title = documentTitle(title);
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
