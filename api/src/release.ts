import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { codeRoot } from './config';

/** What `pnpm build` writes in a release folder (release.json), and what the server logs at start. */
export interface ReleaseInfo {
  /** The release folder's name: build time (UTC) and commit, `20261126-141503-e0540dc`. */
  id: string;
  /** The commit built (`git rev-parse --short HEAD`), or null outside a git checkout. */
  commit: string | null;
  builtAt: string;
}

/** This code's release, or null when it runs from the source (pnpm dev, tests). */
function currentRelease(): ReleaseInfo | null {
  const file = join(codeRoot, 'release.json');
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as ReleaseInfo;
}

/** The version as logs and metrics name it. */
export function versionName(release: ReleaseInfo | null = currentRelease()): string {
  return release ? release.id : 'source';
}
