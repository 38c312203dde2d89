// pnpm definitions:draft <band> [--major] [--dir <folder>]: the band's next version, as a copy of
// its newest one, to edit, check, preview and publish.
import { createDraft } from './draft';
import { definitionsDirFrom, positionalArgs } from './definitionsRoot';

const args = process.argv.slice(2);
const [band] = positionalArgs(args);
if (!band) {
  console.error('usage : pnpm definitions:draft <tranche> [--major], par exemple pnpm definitions:draft 18to25');
  process.exit(2);
}
const result = createDraft(definitionsDirFrom(args), band, args.includes('--major'));
if (!result.ok) {
  console.error(`definitions:draft\u00a0: ${result.message}`);
  process.exit(1);
}
console.log(
  `definitions:draft\u00a0: ${result.file} créé (copie de ${result.from})\u00a0; modifiez-le, puis pnpm definitions:check, pnpm definitions:preview et pnpm definitions:publish ${band} ${result.version}`,
);
