import { useEffect } from 'react';

/**
 * The browser's title of a screen (RGAA 8.6: each page its own title), « … – Bilan Prévention »;
 * the previous one comes back when the screen goes.
 */
export function usePageTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} – Bilan Prévention`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
