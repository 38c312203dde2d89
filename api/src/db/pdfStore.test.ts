import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, linkSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { folderPdfStore } from './pdfStore';
import { temporaryFolders } from '../../test/temporaryFolders';

const folders = temporaryFolders('bilan-pdfs-');
afterEach(folders.removeAll);
async function storeIn() {
  const root = folders.make();
  const dir = join(root, 'pdfs');
  const store = folderPdfStore(dir);
  await store.prepare();
  return { dir, store };
}

/** Every file under a folder, as paths relative to it. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();

describe('the folder of stored PDFs', () => {
  it('keeps each PDF under its key in two levels of sub-folders, readable by the server’s user only, nothing half-written', async () => {
    const { dir, store } = await storeIn();
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const bytes = Buffer.from('%PDF-1.7 questionnaire');
    await store.put('12-questionnaire', bytes);
    expect(await store.get('12-questionnaire')).toEqual(bytes);
    const [file] = filesUnder(dir);
    expect(file).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{2}\/12-questionnaire\.pdf$/);
    expect(statSync(join(dir, file as string)).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, (file as string).slice(0, 2))).mode & 0o777).toBe(0o700);
    expect(filesUnder(dir)).toHaveLength(1);
    // Written again (a second render of the same form): replaced whole.
    await store.put('12-questionnaire', Buffer.from('%PDF-1.7 bis'));
    expect((await store.get('12-questionnaire'))?.toString()).toBe('%PDF-1.7 bis');
  });

  it('spreads many PDFs over sub-folders: none holds more than a few', async () => {
    const { dir, store } = await storeIn();
    for (let id = 1; id <= 300; id++) await store.put(`${id}-bilan`, Buffer.from('%PDF'));
    const top = readdirSync(dir);
    expect(top.length).toBeGreaterThan(150);
    for (const a of top)
      for (const b of readdirSync(join(dir, a))) expect(readdirSync(join(dir, a, b)).length).toBeLessThan(10);
  });

  it('answers undefined for a key never stored, and removes keys whether or not they exist', async () => {
    const { dir, store } = await storeIn();
    expect(await store.get('99-bilan')).toBeUndefined();
    await store.put('1-bilan', Buffer.from('%PDF'));
    await store.put('2-bilan', Buffer.from('%PDF'));
    await store.remove(['1-bilan', '3-bilan']);
    expect(await store.get('1-bilan')).toBeUndefined();
    expect(filesUnder(dir).map((f) => f.split('/').at(-1))).toEqual(['2-bilan.pdf']);
  });

  it('reads, removes and then moves into sub-folders the files of the flat folder of earlier versions', async () => {
    const { dir, store } = await storeIn();
    writeFileSync(join(dir, '5-bilan.pdf'), '%PDF ancien');
    writeFileSync(join(dir, '6-bilan.pdf'), '%PDF ancien 6');
    expect((await store.get('5-bilan'))?.toString()).toBe('%PDF ancien');
    await store.remove(['6-bilan']);
    expect(existsSync(join(dir, '6-bilan.pdf'))).toBe(false);
    expect(await store.adoptFlatFiles()).toBe(1);
    expect(filesUnder(dir)).toEqual([expect.stringMatching(/^..\/..\/5-bilan\.pdf$/)]);
    expect((await store.get('5-bilan'))?.toString()).toBe('%PDF ancien');
  });

  it('overwrites a removed PDF with zeros before its name goes', async () => {
    const { dir, store } = await storeIn();
    await store.put('7-bilan', Buffer.from('%PDF Lefèvre Zoé 278057512345678'));
    // A second name for the same file (a hard link) shows what the removal left in its blocks.
    linkSync(join(dir, filesUnder(dir)[0] as string), join(dir, '..', 'witness'));
    await store.remove(['7-bilan']);
    const left = readFileSync(join(dir, '..', 'witness'));
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((b) => b === 0)).toBe(true);
  });

  it('refuses a key that is not one the product makes, writing nothing', async () => {
    const { dir, store } = await storeIn();
    for (const key of ['../evil', 'a/b', '', 'A-B', 'x'.repeat(65)]) {
      await expect(store.put(key, Buffer.from('%PDF'))).rejects.toThrow('invalid PDF key');
      await expect(store.get(key)).rejects.toThrow('invalid PDF key');
    }
    expect(readdirSync(dir)).toEqual([]);
    expect(existsSync(join(dir, '..', 'evil.pdf'))).toBe(false);
  });

  it('says whether a PDF can be written now, leaving nothing behind', async () => {
    const { dir, store } = await storeIn();
    await expect(store.checkWritable()).resolves.toBeUndefined();
    expect(readdirSync(dir)).toEqual([]);
    // A folder gone (a volume unmounted) cannot take a PDF.
    await expect(folderPdfStore(join(dir, 'absent')).checkWritable()).rejects.toThrow(/ENOENT/);
  });
});
