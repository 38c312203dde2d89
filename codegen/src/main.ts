// pnpm codegen: writes codegen/generated from the definitions.
// pnpm codegen --check: writes nothing, exits 1 listing every stale or extra file.
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFINITION_TYPES_FILE, definitionTypesFile } from './definitionTypes';
import { generate } from './generate';
import { defaultDefinitionsDir, formatProblem, loadDefinitions, repoRoot } from './loadDefinitions';
import { staleFiles } from './staleFiles';

const generatedDir = fileURLToPath(new URL('../generated/', import.meta.url));

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const { definitions, problems } = loadDefinitions();
  if (problems.length > 0) {
    for (const problem of problems) console.error(formatProblem(problem));
    console.error(`codegen: ${problems.length} problem(s) in the definitions; nothing generated`);
    process.exit(1);
  }
  const files = await generate(definitions);
  const { stale, extra } = staleFiles(files, generatedDir);
  // The definition types, derived from the meta-schema, live in the engine (which imports nothing of ours).
  const typesPath = join(repoRoot, DEFINITION_TYPES_FILE);
  const types = await definitionTypesFile(defaultDefinitionsDir);
  const typesStale = !existsSync(typesPath) || readFileSync(typesPath, 'utf8') !== types;
  if (check) {
    const lines = [
      ...stale.map((p) => `stale: codegen/generated/${p}`),
      ...extra.map((p) => `extra: codegen/generated/${p}`),
      ...(typesStale ? [`stale: ${DEFINITION_TYPES_FILE}`] : []),
    ];
    if (lines.length > 0) {
      for (const line of lines) console.error(line);
      console.error('codegen --check: generated code is out of date; run pnpm codegen and commit');
      process.exit(1);
    }
    console.log(`codegen --check: ${files.size} generated files up to date`);
    return;
  }
  if (typesStale) writeFileSync(typesPath, types);
  for (const path of extra) rmSync(join(generatedDir, path));
  for (const path of stale) {
    const full = join(generatedDir, path);
    mkdirSync(dirname(full), { recursive: true });
    if (!existsSync(full) || readFileSync(full, 'utf8') !== files.get(path)) writeFileSync(full, files.get(path) ?? '');
  }
  console.log(
    `codegen: ${files.size} files in codegen/generated from ${definitions.length} definition(s), ${stale.length} written`,
  );
}

await main();
