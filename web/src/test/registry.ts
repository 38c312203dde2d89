import { createRegistry } from '@bilan/engine';
import { definitions } from '@bilan/generated/definitions';

/** Every questionnaire version at once, for tests that need a definition without loading its chunk. */
export const registry = createRegistry(definitions);
