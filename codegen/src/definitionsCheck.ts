import { defaultDefinitionsDir } from './definitionsRoot';
import { loadDefinitions, type Problem } from './loadDefinitions';

/**
 * `pnpm definitions:check`: every definition file of a folder checked (see loadDefinitions):
 * the problems, none meaning the folder is sound.
 */
export function definitionsCheck(dir: string = defaultDefinitionsDir, cwd: string = process.cwd()): Problem[] {
  return loadDefinitions(dir, cwd).problems;
}
