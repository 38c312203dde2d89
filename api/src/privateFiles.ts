import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

// Health data and secrets are readable by the server's user only: files 0600 in folders 0700.
// Modes are set explicitly (not left to the umask) when a file or folder is created, and checked
// again at start for those that already exist.

/** Creates a folder (and its parents) with mode 0700, or sets 0700 on an existing one. */
export function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/** Sets mode 0600 on a file if it exists. */
export function privateFile(file: string): void {
  if (existsSync(file)) chmodSync(file, 0o600);
}

/** Creates an empty file with mode 0600 if it does not exist yet, so that it is never readable by others. */
export function createPrivateFile(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
}
