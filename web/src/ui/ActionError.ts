/**
 * A failure a screen shows in place, beside the button that failed: its French message (what
 * happened and what to do) and whether trying again can help ("Réessayer").
 */
export class ActionError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
    this.name = 'ActionError';
  }
}
