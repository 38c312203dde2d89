// No circle of imports in api/src, between files or between folders (features, plugins, db...):
// a feature that needs another at run time reaches it through a decorator that app.ts's order
// provides, and a lower folder (db, plugins, shared) never imports a feature.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config';
import { cyclesOf, folderGraph, importGraph } from './importGraph';
import { temporaryFolders } from './temporaryFolders';

const src = join(repoRoot, 'api', 'src');
const COMPOSITION_ROOTS = ['app.ts', 'server.ts'];
const folders = temporaryFolders('bilan-import-cycles-');
afterAll(() => folders.removeAll());

describe('the imports of api/src', () => {
  it('form no circle between files', () => {
    const graph = importGraph(src);
    // The graph did read the api: its features and their imports.
    expect(graph.size).toBeGreaterThan(150);
    expect(graph.get(join('reports', 'service.ts'))).toContain(join('reports', 'pdfInput.ts'));
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('form no circle between folders, app.ts and server.ts apart', () => {
    const graph = folderGraph(importGraph(src), COMPOSITION_ROOTS);
    expect(graph.get('backup')).toContain('db');
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('names the files and the folders of a circle', () => {
    const dir = folders.make();
    for (const [file, code] of [
      ['alpha/index.ts', "export { b } from '../beta/index';\nexport const a = 1;\n"],
      ['beta/index.ts', "import type { x } from '../gamma/x';\nexport const b: x = 2;\n"],
      ['gamma/x.ts', "import { a } from '../alpha';\nexport type x = typeof a;\n"],
      ['app.ts', "import { a } from './alpha';\nexport const app = a;\n"],
      ['delta/lone.ts', "import { app } from '../app';\nexport const d = app;\n"],
    ] as const) {
      mkdirSync(join(dir, file, '..'), { recursive: true });
      writeFileSync(join(dir, file), code);
    }
    const graph = importGraph(dir);
    expect(cyclesOf(graph)).toEqual([[join('alpha', 'index.ts'), join('beta', 'index.ts'), join('gamma', 'x.ts')]]);
    expect(cyclesOf(folderGraph(graph, ['app.ts']))).toEqual([['alpha', 'beta', 'gamma']]);
  });
});
