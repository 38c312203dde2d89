import { compareVersions } from '@bilan/engine';

/** A version of one questionnaire, as the advice reads it. */
export interface VersionState {
  version: string;
  published: boolean;
}

const major = (version: string) => Number(version.split('.')[0]);
const minor = (version: string) => Number(version.split('.')[1]);

/** The newest of some versions, or undefined. */
export function newestOf<T extends { version: string }>(versions: readonly T[]): T | undefined {
  return [...versions].sort((a, b) => compareVersions(b.version, a.version))[0];
}

/**
 * Where a change to a questionnaire goes, said to an editor: the draft already open for it, or
 * the version to create and the command that creates it. A change that removes or renames a
 * field or an answer string (`breaking`, D5) needs a new major version; any other change, texts
 * included, a new minor version after the newest published one.
 */
export function versionAdvice(versions: readonly VersionState[], band: string, breaking: boolean): string {
  const published = versions.filter((v) => v.published);
  const drafts = versions.filter((v) => !v.published);
  const newestPublished = newestOf(published)?.version ?? '0.0.0';
  const highestMajor = Math.max(0, ...versions.map((v) => major(v.version)));
  if (breaking) {
    const draft = newestOf(drafts.filter((d) => major(d.version) > major(newestPublished)));
    if (draft) return `dans le brouillon ${draft.version}`;
    return `dans une nouvelle version majeure, ${highestMajor + 1}.0.0 (pnpm definitions:draft ${band} --major)`;
  }
  const draft = newestOf(drafts.filter((d) => compareVersions(d.version, newestPublished) > 0));
  if (draft) return `dans le brouillon ${draft.version}`;
  return `dans une nouvelle version, ${major(newestPublished)}.${minor(newestPublished) + 1}.0 (pnpm definitions:draft ${band})`;
}

/** The version `definitions:draft` creates after the newest one: the next minor, or with `major` the next major. */
export function nextVersion(versions: readonly string[], majorStep: boolean): string {
  const newest = [...versions].sort((a, b) => compareVersions(b, a))[0] ?? '0.0.0';
  return majorStep ? `${Math.max(...versions.map(major), 0) + 1}.0.0` : `${major(newest)}.${minor(newest) + 1}.0`;
}
