import { StrictMode, type ReactNode } from 'react';
import { NotificationViewport } from '../notifications/NotificationViewport';
import { LegalNoticeBanner } from '../site/LegalNoticeBanner';

/**
 * The tree around the router, the same in the browser and in the build's prerendering: a
 * hydrated page must find exactly the markup it would have rendered.
 */
export function AppTree({ router }: { router: ReactNode }) {
  return (
    <StrictMode>
      {/* Outside the router: every page, whatever its screen, says it when the server is a trial (D38). */}
      <LegalNoticeBanner />
      {/* Outside the router: a background send may report after its page is gone (D9). Above the
          page, in its flow: a message pushes the page down and never covers a field (issue 44). */}
      <NotificationViewport />
      {router}
    </StrictMode>
  );
}
