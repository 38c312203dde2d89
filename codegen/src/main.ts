// pnpm codegen: writes codegen/generated (the package @bilan/generated, from the published
// definition versions) and engine/src/definitionTypes.generated.ts (the definition types, from
// the meta-schema). Run by `pnpm install`, `pnpm build` and `pnpm test`: the generated package is
// not committed; the definition types are.
// pnpm codegen --check: writes nothing, exits 1 listing every file that differs from what the
// definitions give now (stale, or not deterministic: --check runs in another process than the
// writing) and every extra file.
// --dir <folder> reads another definitions folder; it then needs --out <folder> for the package.
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFINITION_TYPES_FILE, definitionTypesFile } from './definitionTypes';
import { defaultDefinitionsDir, definitionsDirFrom, repoRoot } from './definitionsRoot';
import { generate } from './generate';
import { loadDefinitions } from './loadDefinitions';
import { formatProblem } from './messages/problem';
import { staleFiles } from './staleFiles';

const defaultGeneratedDir = fileURLToPath(new URL('../generated/', import.meta.url));

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const dir = definitionsDirFrom(args);
  const outAt = args.indexOf('--out');
  const generatedDir = outAt >= 0 && args[outAt + 1] ? resolve(args[outAt + 1] ?? '') : defaultGeneratedDir;
  if (dir !== defaultDefinitionsDir && generatedDir === defaultGeneratedDir) {
    console.error(
      'codegen: --dir needs --out <folder>: the repository’s generated package is made from its own definitions',
    );
    process.exit(2);
  }
  const { definitions, problems } = loadDefinitions(dir);
  if (problems.length > 0) {
    for (const problem of problems) console.error(formatProblem(problem));
    console.error(`codegen: ${problems.length} problem(s) in the definitions; nothing generated`);
    process.exit(1);
  }
  const published = definitions.filter((d) => d.published);
  const drafts = definitions.filter((d) => !d.published);
  const files = await generate(published);
  const { stale, extra } = staleFiles(files, generatedDir);
  const typesPath = join(repoRoot, DEFINITION_TYPES_FILE);
  const types = await definitionTypesFile(defaultDefinitionsDir);
  const typesStale = !existsSync(typesPath) || readFileSync(typesPath, 'utf8') !== types;
  if (check) {
    const lines = [
      ...stale.map((p) => `stale: ${join(generatedDir, p)}`),
      ...extra.map((p) => `extra: ${join(generatedDir, p)}`),
      ...(typesStale ? [`stale: ${DEFINITION_TYPES_FILE}`] : []),
    ];
    if (lines.length > 0) {
      for (const line of lines) console.error(line);
      console.error('codegen --check: generated code differs from the definitions; run pnpm codegen');
      process.exit(1);
    }
    console.log(`codegen --check: ${files.size + 1} generated files up to date`);
    return;
  }
  for (const path of extra) rmSync(join(generatedDir, path));
  for (const path of stale) {
    const full = join(generatedDir, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, files.get(path) ?? '');
  }
  if (typesStale) writeFileSync(typesPath, types);
  const draftNote =
    drafts.length > 0
      ? `; draft(s) not served: ${drafts.map((d) => `${d.definition.id}@${d.definition.version}`).join(', ')}`
      : '';
  console.log(
    `codegen: ${files.size} files in ${generatedDir} from ${published.length} published definition(s), ${stale.length + (typesStale ? 1 : 0)} written${draftNote}`,
  );
}

await main();
