import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { GeneratedFiles } from './generatedFiles';

/** Files below a folder; `node_modules` (the generated package's installed links) is not ours to list. */
function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules') return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

/** What `codegen --check` reports: files missing or different on disk, and files codegen no longer writes. */
export function staleFiles(files: GeneratedFiles, dir: string): { stale: string[]; extra: string[] } {
  const stale = [...files.keys()].filter((path) => {
    const full = join(dir, path);
    return !existsSync(full) || readFileSync(full, 'utf8') !== files.get(path);
  });
  const extra = listFiles(dir)
    .map((p) => relative(dir, p).split('\\').join('/'))
    .filter((p) => !files.has(p) && p !== '.gitkeep');
  return { stale, extra };
}
