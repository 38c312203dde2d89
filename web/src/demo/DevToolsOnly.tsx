import type { ReactNode } from 'react';
import { NotFoundMessage } from '../site/NotFoundPage';
import { PageLoading } from '../site/PageLoading';
import { useSiteConfig } from '../site/useSiteConfig';

/**
 * The developer screens (/summary, /submit) exist only where the server runs with DEV_TOOLS (D28):
 * elsewhere their calls answer 404, so the screen says "Page introuvable" rather than showing
 * buttons that cannot work. Inside the patient frame, which has its own footer.
 */
export function DevToolsOnly({ children }: { children: ReactNode }) {
  const config = useSiteConfig();
  if (config === null) return <PageLoading />;
  if (config.devTools) return children;
  return (
    <main className="container status-page" id="contenu">
      <NotFoundMessage />
    </main>
  );
}
