// Issue 31, on the newest version of each questionnaire only (older versions keep what they were
// published with): every question is read by the report or marked informational, and every
// source says when it was last checked; a check older than twelve months is a warning. D42: every
// source of a draft (a version not in the lock) names the edition it was compared with.
import { basename, dirname } from 'node:path';
import { compareVersions, questionCoverage, sourceChecks } from '@bilan/engine';
import { discoverDefinitionFiles } from './definitionsRoot';
import { readLock } from './lock/lockFile';
import type { LoadedDefinition, Problem } from './loadDefinitions';

export interface NewestVersionResult {
  problems: Problem[];
  warnings: Problem[];
}

/** The newest file of each folder of `dir`, as `id@version`. */
function newestRefs(dir: string): Set<string> {
  const newest = new Map<string, string>();
  for (const path of discoverDefinitionFiles(dir)) {
    const id = basename(dirname(path));
    const version = basename(path, '.json');
    const known = newest.get(id);
    if (known === undefined || compareVersions(version, known) > 0) newest.set(id, version);
  }
  return new Set([...newest].map(([id, version]) => `${id}@${version}`));
}

/**
 * The coverage of the questions and the sources' check days of each id's newest version among
 * `definitions` (those that loaded without problems), on the Paris day `today` ("YYYY-MM-DD").
 */
export function newestVersionChecks(
  dir: string,
  definitions: readonly LoadedDefinition[],
  today: string,
): NewestVersionResult {
  const refs = newestRefs(dir);
  const published = readLock(dir).versions;
  const result: NewestVersionResult = { problems: [], warnings: [] };
  for (const { file, source, definition } of definitions) {
    if (!refs.has(`${definition.id}@${definition.version}`)) continue;
    for (const issue of questionCoverage(definition))
      result.problems.push({
        file,
        position: source.positionOf(issue.path),
        ...(issue.field ? { subject: issue.field } : {}),
        message: issue.message,
      });
    const draft = published[`${definition.id}@${definition.version}`] === undefined;
    for (const check of sourceChecks(definition, today, draft)) {
      const problem: Problem = {
        file,
        position: source.positionOf(check.path),
        subject: check.field,
        message: check.message,
      };
      (check.kind === 'stale' ? result.warnings : result.problems).push(problem);
    }
  }
  return result;
}
