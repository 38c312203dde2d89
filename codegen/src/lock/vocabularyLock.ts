import { closestName, type Vocabularies } from '@bilan/engine';
import type { JsonSource } from '../messages/jsonSource';
import type { Problem } from '../messages/problem';
import type { Lock } from './lockFile';

const quoted = (text: string) => `«\u00a0${text}\u00a0»`;
/** What forms store from a list: its answer strings (1.x) or its codes (2.x, D41). */
const storedOf = (list: Vocabularies[string]): string[] => list.map((a) => (typeof a === 'string' ? a : a.code));

/** `bilan-18to25@1.0.0…1.2.0, bilan-60to65@1.1.0`: the versions of each questionnaire, in short. */
function versionList(refs: readonly string[]): string {
  const byId = new Map<string, string[]>();
  for (const ref of refs) {
    const [id = '', version = ''] = ref.split('@');
    byId.set(id, [...(byId.get(id) ?? []), version]);
  }
  return [...byId]
    .map(([id, versions]) =>
      versions.length === 1 ? `${id}@${versions[0]}` : `${id}@${versions[0]}…${versions.at(-1)}`,
    )
    .join(', ');
}

/**
 * vocabularies.json against what the published versions used: a vocabulary a published version
 * used only grows. Its answer strings are stored in forms (D1); a published version keeps its own
 * copy in the lock (so nothing changes for it), but a new version of the same major copied from it
 * would lose the answer. Returns one problem per answer string gone, and the vocabularies at fault
 * (their consequences in drafts are not reported twice).
 */
export function vocabularyProblems(
  lock: Lock,
  vocabularies: Vocabularies,
  source: JsonSource,
  file: string,
): { problems: Problem[]; broken: Set<string> } {
  const users = new Map<string, Map<string, string[]>>();
  for (const [ref, entry] of Object.entries(lock.versions)) {
    for (const [name, values] of Object.entries(entry.vocabularies)) {
      const byValue = users.get(name) ?? new Map<string, string[]>();
      for (const value of storedOf(values)) byValue.set(value, [...(byValue.get(value) ?? []), ref]);
      users.set(name, byValue);
    }
  }
  const problems: Problem[] = [];
  const broken = new Set<string>();
  const rule = 'un vocabulaire publié ne fait que grandir';
  for (const [name, byValue] of users) {
    const current = vocabularies[name] ? storedOf(vocabularies[name]) : undefined;
    const refs = [...new Set([...byValue.values()].flat())];
    const who = `les versions publiées ${versionList(refs)} l’utilisent`;
    if (!current) {
      broken.add(name);
      problems.push({
        file,
        position: source.positionOf(''),
        subject: name,
        message: `vocabulaire supprimé, or ${who}\u00a0; remettez-le (${rule})`,
      });
      continue;
    }
    const added = current.filter((value) => !byValue.has(value));
    byValue.forEach((versions, value) => {
      if (current.includes(value)) return;
      broken.add(name);
      const renamed = closestName(value, added) ?? (added.length === 1 ? added[0] : undefined);
      const index = renamed ? current.indexOf(renamed) : -1;
      problems.push({
        file,
        position: source.positionOf(index >= 0 ? `/${name}/${index}` : `/${name}`),
        subject: name,
        message: `la réponse ${quoted(value)} a disparu${renamed ? ` (renommée ${quoted(renamed)}\u00a0?)` : ''}, or les versions publiées ${versionList(versions)} l’utilisent et des questionnaires l’ont enregistrée\u00a0; remettez-la (${rule}\u00a0: pour une nouvelle version majeure, créez un autre vocabulaire)`,
      });
    });
  }
  return { problems, broken };
}
