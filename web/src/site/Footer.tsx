import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link } from '../routing/Link';
import { paris } from '@bilan/engine';
import { footerVisibility } from './footerVisibility';
import { MISSING } from './siteConfig';
import { useSiteConfig } from './useSiteConfig';
import './site.css';
import './footer.css';
import { t } from '../i18n/translate';
import { legalAddress } from '../i18n/legalAddress';
import { useLanguage } from '../i18n/useLanguage';

/**
 * The page bottom is taken at the end of the content, above the footer's reserved box: a screen
 * reader that scrolls the last paragraph into view, or a keyboard user on the last link, then
 * counts as having reached the bottom and the footer follows right after.
 */
function measure(prevVisible: boolean, footer: HTMLElement | null): boolean {
  const contentHeight = document.documentElement.scrollHeight - (footer?.offsetHeight ?? 0);
  return footerVisibility(prevVisible, window.scrollY, window.innerHeight, contentHeight);
}

// The year in France, whatever the device's time zone says (D19).
const parisYear = () => paris.date(new Date()).year;
// A page prerendered at build (web/prerender.ts) must not carry the build's year: the browser
// hydrates it without one, then renders its own.
const noYearInPrerender = () => null;
const neverChanges = () => () => {};

/**
 * Site footer with the legal links. It shows once the reader reaches the bottom of the page
 * (or at once on a short page). While hidden it keeps its place in the layout, so that
 * showing it never changes the page height (no show/hide loop), and it is out of the tab order
 * and of the accessibility tree: nothing invisible can take the focus. Reaching the end of the
 * content, by scrolling, End or a screen reader's reading, reveals it.
 */
export function Footer() {
  const config = useSiteConfig();
  const [visible, setVisible] = useState(false);
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setVisible((prev) => measure(prev, ref.current)));
    };
    setVisible((prev) => measure(prev, ref.current));
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    // Lazy content (the site configuration, images) may change the page height after mount.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(document.body);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      observer?.disconnect();
    };
  }, []);

  const year = useSyncExternalStore(neverChanges, parisYear, noYearInPrerender);
  const developer = config?.developer ?? config?.publisherName ?? null;
  // On a patient's screen in English or Arabic (issue 46), the legal pages open with their summary in that language.
  const language = useLanguage();
  return (
    <footer ref={ref} id="site-footer" className="site-footer" hidden={!visible}>
      <div className="container site-footer-inner">
        <nav aria-label={t('Informations légales')}>
          <ul className="site-footer-links">
            <li>
              <Link to={legalAddress('/mentions-legales', language)}>{t('Mentions légales')}</Link>
            </li>
            <li>
              <Link to={legalAddress('/politiqueConfidentialite', language)}>{t('Politique de confidentialité')}</Link>
            </li>
            <li>
              <Link to={legalAddress('/politiqueConfidentialite', language, '#cookies')}>{t('Cookies')}</Link>
            </li>
            <li>
              <Link to={legalAddress('/cgu', language)}>{t('Conditions générales d’utilisation')}</Link>
            </li>
            <li>
              {config?.contactEmail ? (
                <a href={`mailto:${config.contactEmail}`}>{t('Contact')}</a>
              ) : (
                <span>
                  {t('Contact\u00a0:')} {config ? MISSING : '…'}
                </span>
              )}
            </li>
          </ul>
        </nav>
        <p className="site-footer-copy">
          {year === null ? '©' : `© ${year}`} Bilan Prévention. {t('Tous droits réservés.')}
        </p>
        <p className="site-footer-credit">
          {t('Conception et développement\u00a0:')} {developer ?? (config ? MISSING : '…')}
        </p>
      </div>
    </footer>
  );
}
