import { createHash, randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readFile, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Where the PDFs of submitted forms are kept on SQLite, out of the database: a key
 * (`<form id>-<kind>`) to the file's bytes. On PostgreSQL the PDFs are in their rows
 * (reports/repository.ts), so that several servers need no shared folder.
 */
export interface PdfStore {
  /** Stores the bytes under `key`, whole or not at all; a second put of the same key replaces it. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes of `key`, or undefined when it was never stored (or was removed). */
  get(key: string): Promise<Buffer | undefined>;
  /** Removes these keys; a key already gone is not an error. */
  remove(keys: readonly string[]): Promise<void>;
  /** Creates the folder (0700) or sets its mode again; throws when it cannot be written. */
  prepare(): Promise<void>;
  /** Throws when a PDF could not be written now (a read-only folder, a full disk): /api/ready. */
  checkWritable(): Promise<void>;
  /** Moves the files of the flat layout of earlier versions into their sub-folders: how many. */
  adoptFlatFiles(): Promise<number>;
}

const KEY = /^[a-z0-9-]{1,64}$/;

function checked(key: string): string {
  // The key becomes a file name: nothing but what the product makes (digits, letters, dashes).
  if (!KEY.test(key)) throw new Error(`invalid PDF key: ${key}`);
  return key;
}

const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** Flushes a folder's entries (a rename, a new file) to the disk. */
async function syncFolder(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Overwrites a file with zeros and removes it; false when it was not there. */
async function shred(path: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(path, 'r+');
  } catch (err) {
    if (missing(err)) return false;
    throw err;
  }
  try {
    const { size } = await handle.stat();
    await handle.write(Buffer.alloc(size), 0, size, 0);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rm(path, { force: true });
  return true;
}

/**
 * The folder store: `<dir>/ab/cd/<key>.pdf`, the two levels taken from the key's SHA-256, so that
 * no folder holds more than a few dozen files at millions of PDFs; 0600 files in 0700 folders
 * (health data). A file is written under a temporary name, flushed, then renamed: a file under
 * its final name is whole, and a stop mid-write leaves at most a temporary file. Every call is
 * asynchronous: the event loop never waits on the disk.
 */
export function folderPdfStore(dir: string): PdfStore {
  const shardOf = (key: string) => {
    const hash = createHash('sha256').update(key).digest('hex');
    return join(dir, hash.slice(0, 2), hash.slice(2, 4));
  };
  const file = (key: string) => join(shardOf(checked(key)), `${key}.pdf`);
  /** Where earlier versions kept it, all files in one folder. */
  const flat = (key: string) => join(dir, `${checked(key)}.pdf`);

  return {
    async put(key, bytes) {
      const final = file(key);
      const folder = dirname(final);
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const partial = join(folder, `.${key}.${randomBytes(6).toString('hex')}.partial`);
      const handle = await open(partial, 'wx', 0o600);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } catch (err) {
        await handle.close();
        await rm(partial, { force: true });
        throw err;
      }
      await handle.close();
      await rename(partial, final);
      // The rename itself reaches the disk with the folder's entry.
      await syncFolder(folder);
    },
    async get(key) {
      for (const path of [file(key), flat(key)]) {
        try {
          return await readFile(path);
        } catch (err) {
          if (!missing(err)) throw err;
        }
      }
      return undefined;
    },
    async remove(keys) {
      // Zeros over the bytes before the name goes, as SQLite's secure_delete does in the base:
      // the file system's free blocks do not keep a purged patient's PDF (best effort on a disk
      // that remaps its blocks).
      for (const key of keys) {
        if (!(await shred(file(key)))) await shred(flat(key));
      }
    },
    async prepare() {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await chmod(dir, 0o700);
    },
    async checkWritable() {
      const probe = join(dir, `.ready-${randomBytes(6).toString('hex')}`);
      try {
        const handle = await open(probe, 'wx', 0o600);
        try {
          await handle.writeFile('ok');
        } finally {
          await handle.close();
        }
      } finally {
        await rm(probe, { force: true });
      }
    },
    async adoptFlatFiles() {
      let moved = 0;
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (err) {
        if (missing(err)) return 0;
        throw err;
      }
      for (const name of names) {
        const key = name.endsWith('.pdf') ? name.slice(0, -4) : '';
        if (!KEY.test(key)) continue;
        const target = file(key);
        await mkdir(dirname(target), { recursive: true, mode: 0o700 });
        await rename(join(dir, name), target);
        moved += 1;
      }
      if (moved > 0) await syncFolder(dir);
      return moved;
    },
  };
}
