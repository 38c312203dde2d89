import { useEffect, useLayoutEffect, useState } from 'react';
import { afterNextPaint } from '../ui/afterNextPaint';

let arrivingByButton = false;

/** « Suivant » was pressed: the screen it opens draws its heading first. */
export function markArrivingByButton(): void {
  arrivingByButton = true;
}

/**
 * The button's action failed (the screen stays), or the screen that pressed it is gone: nothing
 * more to defer. Not at the end of a successful action: the router draws the next screen in a
 * transition, after the action's promise has settled, and that screen must still see the mark.
 */
export function forgetArrivingByButton(): void {
  arrivingByButton = false;
}

/**
 * Whether a screen's costly part (a page's later questions, the review's answers) may be drawn:
 * from the frame after its heading. The heading, the progress and the notices show at once after
 * « Suivant »; the rest comes just after (issue 34: the next page appears at once, even on a slow
 * phone).
 */
export function useShownAfterHeading(key: string): boolean {
  // Only a screen reached with « Suivant »: a page opened from an address (or its prerendered
  // HTML) draws everything at once. The mark is read, not cleared, while rendering: a render that
  // React starts again (a save's answer arriving meanwhile) must defer the same way.
  const [shownFor, setShownFor] = useState<string | null>(() => (arrivingByButton ? null : key));
  // Cleared once this screen is on screen: the next screen opened otherwise draws everything.
  useLayoutEffect(forgetArrivingByButton, []);
  useEffect(() => {
    if (shownFor === key) return;
    return afterNextPaint(() => setShownFor(key));
  }, [key, shownFor]);
  return shownFor === key;
}
