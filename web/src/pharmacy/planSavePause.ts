/**
 * Typing on « Entretien » waits this long for a pause before it is saved (usePlanSaver), one save
 * at a time: the densest a tablet ever sends. The bench's 20 tablets send at this pace.
 */
export const PLAN_SAVE_PAUSE_MS = 800;
