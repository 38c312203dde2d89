import { chmodSync, copyFileSync, existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { privateDir } from '../privateFiles';

/**
 * Copies the PDF folder beside a database backup, to be taken after the database's copy: a PDF's
 * file is written before its row, so every file the copied database names is already whole and
 * is copied (files newer than the copy come along, and are harmless). The copies are 0600 in a
 * 0700 folder, like the originals. A folder that does not exist yet (no form sent) copies nothing.
 */
export function backupPdfs(source: string, destination: string): { files: number; bytes: number } {
  privateDir(destination);
  if (!existsSync(source)) return { files: 0, bytes: 0 };
  let files = 0;
  let bytes = 0;
  for (const name of readdirSync(source)) {
    // Whole files only: a write in progress has a temporary name.
    if (!name.endsWith('.pdf')) continue;
    const target = join(destination, name);
    copyFileSync(join(source, name), target);
    chmodSync(target, 0o600);
    files += 1;
    bytes += statSync(target).size;
  }
  return { files, bytes };
}
