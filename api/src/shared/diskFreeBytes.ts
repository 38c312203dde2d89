import { statfs } from 'node:fs/promises';

/** Free bytes for this process's user on the disk of `path`. */
export async function diskFreeBytes(path: string): Promise<number> {
  const s = await statfs(path);
  return s.bavail * s.bsize;
}
