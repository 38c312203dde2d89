// Issue 29: no test, test helper or fixture names a published version or the path to one, so a
// version published tomorrow needs no code change: "the newest of each band" comes from the
// registry, a fixture says at most that it is about the first version.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './definitionsRoot';
import { readLock } from './lock/lockFile';

const SCANNED = [
  'engine',
  'codegen/src',
  'api/src',
  'api/test',
  'api/scripts',
  'web/src',
  'web/e2e',
  'web/scripts',
  'fixtures',
  'scripts',
  'bench',
  'lint',
  'preview',
];

/** Tests, test support and fixtures: the code that would have to change when a version is published. */
const isTestOrHelper = (path: string) =>
  /\.(test|e2e)\.tsx?$/.test(path) ||
  /\/(test|testing|e2e)\//.test(path) ||
  (path.startsWith('fixtures/') && /\.(ts|json)$/.test(path));

function files(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(join(repoRoot, dir));
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    if (name === 'node_modules' || name === 'dist' || name === 'generated') return [];
    const path = `${dir}/${name}`;
    return statSync(join(repoRoot, path)).isDirectory() ? files(path) : [path];
  });
}

describe('tests follow the registry', () => {
  it('no test, helper or fixture names a published version or its file', () => {
    const refs = Object.keys(readLock(join(repoRoot, 'definitions')).versions);
    expect(refs.length).toBeGreaterThan(0);
    const names = refs.flatMap((ref) => [ref, ref.replace('@', '/')]);
    const scanned = SCANNED.flatMap(files).filter(isTestOrHelper);
    expect(scanned.length).toBeGreaterThan(100);
    const found = scanned.flatMap((path) => {
      const text = readFileSync(join(repoRoot, path), 'utf8');
      return names.filter((name) => text.includes(name)).map((name) => `${relative('.', path)}: ${name}`);
    });
    expect(found).toEqual([]);
  });
});
