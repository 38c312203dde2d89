/**
 * D39: the page a paused form was on, kept in memory (never in the address, which must not show
 * the person's age band) for the person to find it again once they gave their birth date.
 */
let pausedFrom: string | null = null;

export const pausedAddress = {
  /** Keeps the first page left since the pause: Back to earlier pages does not replace it. */
  keep(path: string): void {
    pausedFrom ??= path;
  },
  /** The page to go back to, forgotten as it is given. */
  take(): string | null {
    const path = pausedFrom;
    pausedFrom = null;
    return path;
  },
  forget(): void {
    pausedFrom = null;
  },
};

/** The neutral address of the paused screen: the pharmacy alone (public), no band, no page. */
export const pauseHref = (pharmacyName: string) => `/${encodeURIComponent(pharmacyName)}/pause`;
