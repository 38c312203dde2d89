import { LEGAL_NOTICE_PENDING } from './siteConfig';
import { useSiteConfig } from './useSiteConfig';

/**
 * Above every page, patient pages included, while the server runs without the legal notice's
 * facts (D38): such a server only starts on a loopback address, for a trial, and whoever reads a
 * page must know it is not the public service.
 */
export function LegalNoticeBanner() {
  const config = useSiteConfig();
  if (config === null || !config.legalNoticePending) return null;
  return (
    <p className="legal-notice-banner" role="note">
      {LEGAL_NOTICE_PENDING}
    </p>
  );
}
