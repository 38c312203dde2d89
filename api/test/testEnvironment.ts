import { ENVIRONMENT_NAMES, unknownVariables } from '../src/environment.ts';

/**
 * Variables the tests read besides the server's: the api-postgres project sets TEST_DATABASE
 * itself (vitest.config.ts), and the definitions commands take DEFINITIONS_DIR.
 */
const TEST_VARIABLES = ['TEST_DATABASE', 'DEFINITIONS_DIR'];

/**
 * Removes from `env` every variable that changes what the product or its tests do (the server's
 * whole configuration, the look-alikes the server would refuse, the tests' own switches), and sets
 * NODE_ENV to `test`: a test gives what it depends on, so the suite answers the same whatever the
 * developer's shell exports (a LEGAL_FACTS_OPTIONAL or DATABASE_URL left there from a trial).
 * Returns the names it removed.
 */
export function cleanTestEnvironment(env: Record<string, string | undefined>): string[] {
  const lookAlikes = unknownVariables(env).map((u) => u.name);
  const removed = [...ENVIRONMENT_NAMES, ...TEST_VARIABLES, ...lookAlikes].filter(
    (name) => name !== 'NODE_ENV' && env[name] !== undefined,
  );
  for (const name of removed) delete env[name];
  env.NODE_ENV = 'test';
  return removed;
}
