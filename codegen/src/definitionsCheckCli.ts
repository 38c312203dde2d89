// pnpm definitions:check [dir]: prints one line per problem, exits 1 when there is any.
import { resolve } from 'node:path';
import { definitionsCheck } from './definitionsCheck';
import { defaultDefinitionsDir, formatProblem } from './loadDefinitions';

const dir = process.argv[2] ? resolve(process.argv[2]) : defaultDefinitionsDir;
const problems = definitionsCheck(dir);
for (const problem of problems) console.error(formatProblem(problem));
if (problems.length > 0) {
  console.error(`definitions:check: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log('definitions:check: every definition is sound');
