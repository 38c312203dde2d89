import { useEffect } from 'react';
import { afterNextPaint } from '../ui/afterNextPaint';

// The title the screens ask for, written once the next frame is painted: a « Suivant » wrote it
// twice before the next page could show (the page left gives back the title before it, the next
// one sets its own), each a few milliseconds on a phone 4× slower (issue 44).
let wanted: string | null = null;
let cancel: (() => void) | null = null;
/** The title at the time of the last request: a screen that wrote its own since then (site, staff) keeps it. */
let seen = '';

function askTitle(title: string): void {
  if (wanted === null) seen = document.title;
  wanted = title;
  cancel ??= afterNextPaint(() => {
    cancel = null;
    const title = wanted;
    wanted = null;
    if (title !== null && document.title === seen) document.title = title;
  });
}

/**
 * The browser's title of a screen (RGAA 8.6: each page its own title), « … – Bilan Prévention »;
 * the previous one comes back when the screen goes.
 */
export function usePageTitle(title: string): void {
  useEffect(() => {
    const previous = wanted ?? document.title;
    askTitle(`${title} – Bilan Prévention`);
    return () => askTitle(previous);
  }, [title]);
}
