import { randomBytes } from 'node:crypto';
import { closeSync, fstatSync, fsyncSync, openSync, writeSync } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { privateDir } from '../privateFiles';

/**
 * Where the PDFs of submitted forms are kept, out of the database: a key (`<form id>-<kind>`) to
 * the file's bytes. A folder on the server's disk by default; another store (an object store
 * shared by several servers) implements the same three calls.
 */
export interface PdfStore {
  /** Stores the bytes under `key`, whole or not at all; a second put of the same key replaces it. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes of `key`, or undefined when it was never stored (or was removed). */
  get(key: string): Promise<Buffer | undefined>;
  /** Removes these keys; a key already gone is not an error. */
  remove(keys: readonly string[]): Promise<void>;
}

const KEY = /^[a-z0-9-]{1,64}$/;

function checked(key: string): string {
  // The key becomes a file name: nothing but what the product makes (digits, letters, dashes).
  if (!KEY.test(key)) throw new Error(`invalid PDF key: ${key}`);
  return key;
}

/**
 * The folder store: `<dir>/<key>.pdf`, 0600 in a 0700 folder (health data). A file is written
 * under a temporary name, flushed to disk, then renamed: a file under its final name is whole,
 * and a stop mid-write leaves at most a temporary file.
 */
export function folderPdfStore(dir: string): PdfStore {
  privateDir(dir);
  const file = (key: string) => join(dir, `${checked(key)}.pdf`);
  return {
    async put(key, bytes) {
      const final = file(key);
      const partial = join(dir, `.${checked(key)}.${randomBytes(6).toString('hex')}.partial`);
      const fd = openSync(partial, 'wx', 0o600);
      try {
        writeSync(fd, bytes);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      await rename(partial, final);
      // The rename itself reaches the disk with the folder's entry.
      const dirFd = openSync(dir, 'r');
      try {
        fsyncSync(dirFd);
      } finally {
        closeSync(dirFd);
      }
    },
    async get(key) {
      try {
        return await readFile(file(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    async remove(keys) {
      for (const key of keys) {
        const path = file(key);
        // Zeros over the bytes before the name goes, as SQLite's secure_delete does in the base:
        // the file system's free blocks do not keep a purged patient's PDF (best effort on a disk
        // that remaps its blocks).
        let fd: number;
        try {
          fd = openSync(path, 'r+');
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
          throw err;
        }
        try {
          writeSync(fd, Buffer.alloc(fstatSync(fd).size));
          fsyncSync(fd);
        } finally {
          closeSync(fd);
        }
        await rm(path, { force: true });
      }
    },
  };
}
