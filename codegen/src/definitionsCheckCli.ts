// pnpm definitions:check [--dir <folder>] [--fix]: prints one line per problem, exits 1 when
// there is any; warnings (a source to check again) are printed too, and do not fail. --fix first
// writes the French typography of the drafts' texts and says what it changed. The folder may also
// be given as the first argument, or by DEFINITIONS_DIR.
import { resolve } from 'node:path';
import { definitionsCheckResult } from './definitionsCheck';
import { definitionsDirFrom, positionalArgs } from './definitionsRoot';
import { fixTypography } from './fixTypography';
import { loadDefinitions } from './loadDefinitions';
import { formatProblem } from './messages/problem';

const args = process.argv.slice(2);
const [positional] = positionalArgs(args);
const dir = positional ? resolve(positional) : definitionsDirFrom(args);
if (args.includes('--fix')) {
  const fixed = fixTypography(loadDefinitions(dir).definitions);
  for (const change of fixed) console.log(formatProblem(change));
  console.log(`definitions:check --fix: ${fixed.length} texte(s) corrigé(s)`);
}
const { problems, warnings } = definitionsCheckResult(dir);
for (const warning of warnings) console.error(`attention : ${formatProblem(warning)}`);
for (const problem of problems) console.error(formatProblem(problem));
if (problems.length > 0) {
  console.error(`definitions:check: ${problems.length} problème(s)`);
  process.exit(1);
}
console.log(
  `definitions:check: every definition is sound${warnings.length > 0 ? ` (${warnings.length} warning(s): sources to check again)` : ''}`,
);
