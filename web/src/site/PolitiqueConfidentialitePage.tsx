import { LegalArticle } from './LegalArticle';
import { PRIVACY_POLICY_SECTIONS } from './privacyPolicySections';
import { useScrollToHash } from './useScrollToHash';
import { useSiteConfig } from './useSiteConfig';

/** Privacy policy (/politiqueConfidentialite): 15 numbered sections; #cookies points to section 10. */
export function PolitiqueConfidentialitePage() {
  const config = useSiteConfig();
  // Wait for the configuration so that the page no longer changes height when it scrolls to #cookies.
  useScrollToHash(config !== null);

  return (
    <LegalArticle title="Politique de confidentialité" updated="14 août 2025" updatedIso="2025-08-14">
      <nav className="legal-toc" aria-labelledby="toc-title">
        <p id="toc-title" className="legal-toc-title">
          Sommaire
        </p>
        <ol>
          {PRIVACY_POLICY_SECTIONS.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {PRIVACY_POLICY_SECTIONS.map((section, index) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="legal-section">
          <h2 id={`${section.id}-title`}>
            {index + 1}. {section.title}
          </h2>
          {section.body(config)}
        </section>
      ))}
    </LegalArticle>
  );
}
