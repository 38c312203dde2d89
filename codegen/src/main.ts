// pnpm codegen: writes codegen/generated from the definitions.
// pnpm codegen --check: writes nothing, exits 1 listing every stale or extra file.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from './generate';
import { formatProblem, loadDefinitions } from './loadDefinitions';

const generatedDir = fileURLToPath(new URL('../generated/', import.meta.url));

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const { definitions, problems } = loadDefinitions();
  if (problems.length > 0) {
    for (const problem of problems) console.error(formatProblem(problem));
    console.error(`codegen: ${problems.length} problem(s) in the definitions; nothing generated`);
    process.exit(1);
  }
  const files = await generate(definitions);
  const existing = listFiles(generatedDir).map((p) => relative(generatedDir, p).split('\\').join('/'));
  const extra = existing.filter((p) => !files.has(p) && p !== '.gitkeep');
  if (check) {
    const stale = [...files].filter(([path, content]) => {
      const full = join(generatedDir, path);
      return !existsSync(full) || readFileSync(full, 'utf8') !== content;
    });
    const lines = [...stale.map(([path]) => `stale: codegen/generated/${path}`), ...extra.map((p) => `extra: codegen/generated/${p}`)];
    if (lines.length > 0) {
      for (const line of lines) console.error(line);
      console.error('codegen --check: generated code is out of date; run pnpm codegen and commit');
      process.exit(1);
    }
    console.log(`codegen --check: ${files.size} generated files up to date`);
    return;
  }
  for (const path of extra) rmSync(join(generatedDir, path));
  for (const [path, content] of files) {
    const full = join(generatedDir, path);
    mkdirSync(dirname(full), { recursive: true });
    if (!existsSync(full) || readFileSync(full, 'utf8') !== content) writeFileSync(full, content);
  }
  console.log(`codegen: ${files.size} files in codegen/generated from ${definitions.length} definition(s)`);
}

await main();
