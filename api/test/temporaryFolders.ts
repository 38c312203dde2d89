import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Empty folders under the system's temporary folder, each named from `prefix`, and their removal
 * in one call: a test file removes them in its own hook, after what still writes in them is closed.
 */
export function temporaryFolders(prefix: string): { make: () => string; removeAll: () => void } {
  const made: string[] = [];
  return {
    make() {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      made.push(dir);
      return dir;
    },
    removeAll() {
      for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
  };
}
