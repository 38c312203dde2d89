import { paris } from '@bilan/engine';
import { defaultDefinitionsDir } from './definitionsRoot';
import { loadDefinitions, type Problem } from './loadDefinitions';
import { newestVersionChecks, type NewestVersionResult } from './newestVersionChecks';

/**
 * `pnpm definitions:check` in full: the problems (none means the folder is sound) and the
 * warnings (a source checked more than twelve months before `today`, to review, not wrong).
 */
export function definitionsCheckResult(
  dir: string = defaultDefinitionsDir,
  cwd: string = process.cwd(),
  today: string = paris.isoDay(new Date()),
): NewestVersionResult {
  const loaded = loadDefinitions(dir, cwd);
  const newest = newestVersionChecks(dir, loaded.definitions, today);
  return { problems: [...loaded.problems, ...newest.problems], warnings: newest.warnings };
}

/**
 * `pnpm definitions:check`: every definition file of a folder checked (see loadDefinitions:
 * meta-schema, engine checks, D5 between every pair of versions of a band, the published lock),
 * and on each newest version, every question read by the report or marked informational and
 * every source's check day (issue 31). Returns the problems; none means the folder is sound.
 */
export function definitionsCheck(
  dir: string = defaultDefinitionsDir,
  cwd: string = process.cwd(),
  today?: string,
): Problem[] {
  return definitionsCheckResult(dir, cwd, today).problems;
}
