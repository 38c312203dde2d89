// pnpm definitions:publish <band> <version> [--dir <folder>]: a draft becomes published (frozen,
// served to new patients once the generated package is rebuilt: pnpm codegen, which pnpm test
// and pnpm build run).
import { definitionsDirFrom, positionalArgs } from './definitionsRoot';
import { formatProblem } from './messages/problem';
import { publish } from './publish';

const args = process.argv.slice(2);
const [band, version] = positionalArgs(args);
if (!band || !version) {
  console.error(
    'usage : pnpm definitions:publish <tranche> <version>, par exemple pnpm definitions:publish 18to25 1.3.0',
  );
  process.exit(2);
}
const result = publish(definitionsDirFrom(args), band, version);
if (!result.ok) {
  for (const problem of result.problems) console.error(formatProblem(problem));
  console.error(`definitions:publish\u00a0: ${result.message}`);
  process.exit(1);
}
console.log(
  `definitions:publish\u00a0: ${result.ref} publiée et figée (${result.file}\u00a0; empreintes ${result.entry.contract.slice(0, 12)} / ${result.entry.texts.slice(0, 12)} dans published.lock.json). Les nouveaux questionnaires de la tranche la reçoivent après pnpm codegen (pnpm test et pnpm build le font).`,
);
