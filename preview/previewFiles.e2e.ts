// Issue 41, point 9: the preview served files outside its folder: `fixtures.json?band=../../…`
// read any folder's answer sets, and `/@fs/<file>` any file of the repository (data/ included).
// It answers only the four bands, and Vite serves only the definitions, the preview's own files
// and what its page imports (the web's renderer and styles, the engine, node_modules).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDefinitionsDir } from '@bilan/codegen';
import { startPreview, type Preview } from './startPreview';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const SECRET = 'contenu-qui-ne-doit-pas-sortir';
let preview: Preview;
let dataDir = '';

beforeAll(async () => {
  // A data folder in the repository, as a server's DATA_DIR may be.
  dataDir = mkdtempSync(join(root, 'data-preview-test-'));
  mkdirSync(join(dataDir, 'fixtures'), { recursive: true });
  writeFileSync(join(dataDir, 'secret.txt'), SECRET);
  preview = await startPreview({ dir: defaultDefinitionsDir, port: 0 });
});

afterAll(async () => {
  await preview?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the definitions preview', () => {
  it.each(['../../api', `../${dataDir.split('/').at(-1) ?? ''}`, '/etc', '12to15'])(
    'refuses the band %s',
    async (band) => {
      const res = await fetch(`${preview.url}/__definitions/fixtures.json?band=${encodeURIComponent(band)}`);
      expect(res.status).toBe(400);
    },
  );

  it('still answers the fixtures of a band', async () => {
    const res = await fetch(`${preview.url}/__definitions/fixtures.json?band=45to50`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { fixtures: unknown[] }).fixtures.length).toBeGreaterThan(0);
  });

  it.each([
    () => join(dataDir, 'secret.txt'),
    () => join(root, 'package.json'),
    () => join(root, 'api', 'src', 'config.ts'),
    () => '/etc/passwd',
  ])('serves no file outside what it needs: %#', async (file) => {
    const res = await fetch(`${preview.url}/@fs${file()}`);
    expect(res.status).not.toBe(200);
    expect(await res.text()).not.toContain(SECRET);
  });

  it('serves the definitions and the page’s own modules', async () => {
    expect((await fetch(`${preview.url}/`)).status).toBe(200);
    expect((await fetch(`${preview.url}/main.tsx`)).status).toBe(200);
    expect((await fetch(`${preview.url}/@fs${join(root, 'web', 'src', 'renderer', 'index.ts')}`)).status).toBe(200);
  });
});
