/** The footer appears within this many pixels of the page bottom. */
const FOOTER_REVEAL_PX = 50;
/** Once shown, it stays until the user has scrolled back up this many pixels further. */
const FOOTER_HYSTERESIS_PX = 75;

/**
 * Whether the footer should show for a scroll position. The hysteresis keeps it from
 * flickering when the user hovers around the threshold (and on elastic scrolling).
 */
export function footerVisibility(
  prevVisible: boolean,
  scrollY: number,
  innerHeight: number,
  docHeight: number,
): boolean {
  if (docHeight <= innerHeight) return true;
  const distanceToBottom = docHeight - (scrollY + innerHeight);
  if (distanceToBottom <= FOOTER_REVEAL_PX) return true;
  return prevVisible && distanceToBottom <= FOOTER_REVEAL_PX + FOOTER_HYSTERESIS_PX;
}
