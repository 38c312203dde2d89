import { defaultDefinitionsDir, loadDefinitions, type Problem } from './loadDefinitions';

/**
 * `pnpm definitions:check`: the meta-schema and the engine's checks on every definition file,
 * and D5 (no removed or renamed field, no removed answer string without a new major version)
 * between consecutive versions of each id. Returns the problems; none means the folder is sound.
 */
export function definitionsCheck(dir: string = defaultDefinitionsDir, cwd: string = process.cwd()): Problem[] {
  return loadDefinitions(dir, cwd).problems;
}
