import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareVersions } from '@bilan/engine';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const defaultDefinitionsDir = join(repoRoot, 'definitions');

const VERSION_FILE = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)\.json$/;

/**
 * The definitions folder a command works on: `--dir <folder>` (or `--dir=<folder>`), else the
 * DEFINITIONS_DIR environment variable, else the repository's `definitions/`. A copy works the
 * same (the walkthrough test runs the editor's tasks in one).
 */
export function definitionsDirFrom(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): string {
  const at = argv.findIndex((a) => a === '--dir' || a.startsWith('--dir='));
  const flag = at < 0 ? undefined : argv[at]?.startsWith('--dir=') ? argv[at]?.slice('--dir='.length) : argv[at + 1];
  const chosen = flag ?? env.DEFINITIONS_DIR;
  return chosen ? resolve(chosen) : defaultDefinitionsDir;
}

/** The arguments that are not options (nor an option's value). */
export function positionalArgs(argv: readonly string[]): string[] {
  return argv.filter((a, i) => !a.startsWith('--') && argv[i - 1] !== '--dir');
}

/** A schema of the folder, else the repository's (test folders hold definitions only). */
export function schemaFile(dir: string, name: string): string {
  const own = join(dir, name);
  return existsSync(own) ? own : join(defaultDefinitionsDir, name);
}

/** Every `<dir>/<id>/<major.minor.patch>.json`, ordered by id then version. */
export function discoverDefinitionFiles(dir: string): string[] {
  const files: Array<{ id: string; version: string; path: string }> = [];
  for (const id of readdirSync(dir).sort()) {
    const folder = join(dir, id);
    if (!statSync(folder).isDirectory()) continue;
    for (const name of readdirSync(folder)) {
      if (VERSION_FILE.test(name))
        files.push({ id, version: name.slice(0, -'.json'.length), path: join(folder, name) });
    }
  }
  files.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : compareVersions(a.version, b.version)));
  return files.map((f) => f.path);
}
