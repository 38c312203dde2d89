// pnpm definitions:check [dir]: prints one line per problem, exits 1 when there is any; warnings
// (a source to check again) are printed too, and do not fail.
import { resolve } from 'node:path';
import { definitionsCheckResult } from './definitionsCheck';
import { defaultDefinitionsDir, formatProblem } from './loadDefinitions';

const dir = process.argv[2] ? resolve(process.argv[2]) : defaultDefinitionsDir;
const { problems, warnings } = definitionsCheckResult(dir);
for (const warning of warnings) console.error(`warning: ${formatProblem(warning)}`);
for (const problem of problems) console.error(formatProblem(problem));
if (problems.length > 0) {
  console.error(`definitions:check: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log(
  `definitions:check: every definition is sound${warnings.length > 0 ? ` (${warnings.length} warning(s): sources to check again)` : ''}`,
);
