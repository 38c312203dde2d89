import { useEffect, useState } from 'react';

let arrivingByButton = false;

/** « Suivant » was pressed: the screen it opens draws its heading first. */
export function markArrivingByButton(): void {
  arrivingByButton = true;
}

/** The button's action is over (the next screen has mounted, or it stayed): nothing more to defer. */
export function forgetArrivingByButton(): void {
  arrivingByButton = false;
}

/**
 * Whether a screen's costly part (a page's questions, the review's answers) may be drawn: from the
 * frame after its heading. The heading, the progress and the notices show at once after
 * « Suivant »; the rest comes just after (issue 34: the next page appears at once, even on a slow
 * phone).
 */
export function useShownAfterHeading(key: string): boolean {
  // Only a screen reached with « Suivant »: a page opened from an address (or its
  // prerendered HTML) draws everything at once.
  const [shownFor, setShownFor] = useState<string | null>(() => {
    const deferred = arrivingByButton;
    arrivingByButton = false;
    return deferred ? null : key;
  });
  useEffect(() => {
    if (shownFor === key) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setShownFor(key), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [key, shownFor]);
  return shownFor === key;
}
