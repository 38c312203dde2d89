import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, linkSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { folderPdfStore } from './pdfStore';
import { temporaryFolders } from '../../test/temporaryFolders';

const folders = temporaryFolders('bilan-pdfs-');
afterEach(folders.removeAll);
function storeIn() {
  const root = folders.make();
  const dir = join(root, 'pdfs');
  return { dir, store: folderPdfStore(dir) };
}

describe('the folder of stored PDFs', () => {
  it('keeps each PDF under its key, readable by the server’s user only, and nothing half-written', async () => {
    const { dir, store } = storeIn();
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const bytes = Buffer.from('%PDF-1.7 questionnaire');
    await store.put('12-questionnaire', bytes);
    expect(await store.get('12-questionnaire')).toEqual(bytes);
    expect(statSync(join(dir, '12-questionnaire.pdf')).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['12-questionnaire.pdf']);
    // Written again (a second render of the same form): replaced whole.
    await store.put('12-questionnaire', Buffer.from('%PDF-1.7 bis'));
    expect((await store.get('12-questionnaire'))?.toString()).toBe('%PDF-1.7 bis');
  });

  it('answers undefined for a key never stored, and removes keys whether or not they exist', async () => {
    const { dir, store } = storeIn();
    expect(await store.get('99-bilan')).toBeUndefined();
    await store.put('1-bilan', Buffer.from('%PDF'));
    await store.put('2-bilan', Buffer.from('%PDF'));
    await store.remove(['1-bilan', '3-bilan']);
    expect(await store.get('1-bilan')).toBeUndefined();
    expect(readdirSync(dir)).toEqual(['2-bilan.pdf']);
  });

  it('overwrites a removed PDF with zeros before its name goes', async () => {
    const { dir, store } = storeIn();
    await store.put('7-bilan', Buffer.from('%PDF Lefèvre Zoé 278057512345678'));
    // A second name for the same file (a hard link) shows what the removal left in its blocks.
    linkSync(join(dir, '7-bilan.pdf'), join(dir, '..', 'witness'));
    await store.remove(['7-bilan']);
    const left = readFileSync(join(dir, '..', 'witness'));
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((b) => b === 0)).toBe(true);
  });

  it('refuses a key that is not one the product makes, writing nothing', async () => {
    const { dir, store } = storeIn();
    for (const key of ['../evil', 'a/b', '', 'A-B', 'x'.repeat(65)]) {
      await expect(store.put(key, Buffer.from('%PDF'))).rejects.toThrow('invalid PDF key');
      await expect(store.get(key)).rejects.toThrow('invalid PDF key');
    }
    expect(readdirSync(dir)).toEqual([]);
    expect(existsSync(join(dir, '..', 'evil.pdf'))).toBe(false);
  });
});
