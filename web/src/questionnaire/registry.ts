import { createRegistry } from '@bilan/engine';
import { definitions } from '@bilan/generated/definitions';

/**
 * Every questionnaire version (codegen's data) with the engine's lookups: `latest(band)` for a
 * new form, `find(id, version)` for a stored one (D5). Only questionnaire screens import it
 * (resumeRoute on demand), so the registration page's first load stays light.
 */
export const registry = createRegistry(definitions);
