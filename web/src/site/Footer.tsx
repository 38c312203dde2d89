import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { footerVisibility } from './footerVisibility';
import { MISSING } from './siteConfig';
import { useSiteConfig } from './useSiteConfig';
import './site.css';

function measure(prevVisible: boolean): boolean {
  return footerVisibility(prevVisible, window.scrollY, window.innerHeight, document.documentElement.scrollHeight);
}

/**
 * Site footer with the legal links. It shows once the reader reaches the bottom of the page
 * (or at once on a short page). While hidden it keeps its place in the layout, so that
 * showing it never changes the page height, and it is out of the tab order and of the
 * accessibility tree; a keyboard user reaches it with End or by scrolling, like everyone.
 */
export function Footer() {
  const config = useSiteConfig();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setVisible((prev) => measure(prev)));
    };
    setVisible((prev) => measure(prev));
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

  const year = new Date().getFullYear();
  const developer = config?.developer ?? config?.publisherName ?? null;
  return (
    <footer id="site-footer" className="site-footer" hidden={!visible}>
      <div className="container site-footer-inner">
        <nav aria-label="Informations légales">
          <ul className="site-footer-links">
            <li>
              <Link to="/mentions-legales">Mentions légales</Link>
            </li>
            <li>
              <Link to="/politiqueConfidentialite">Politique de confidentialité</Link>
            </li>
            <li>
              <Link to="/politiqueConfidentialite#cookies">Cookies</Link>
            </li>
            <li>
              <Link to="/cgu">Conditions générales d’utilisation</Link>
            </li>
            <li>
              {config?.contactEmail ? (
                <a href={`mailto:${config.contactEmail}`}>Contact</a>
              ) : (
                <span>Contact : {config ? MISSING : '…'}</span>
              )}
            </li>
          </ul>
        </nav>
        <p className="site-footer-copy">© {year} Bilan Prévention. Tous droits réservés.</p>
        <p className="site-footer-credit">Conception et développement : {developer ?? (config ? MISSING : '…')}</p>
      </div>
    </footer>
  );
}
