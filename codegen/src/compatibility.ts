import { fieldChanges, fieldsOf, type Definition, type FieldIndex } from '@bilan/engine';
import { fieldPointer, vocabularyOf } from './messages/fieldPointer';
import type { JsonSource } from './messages/jsonSource';
import type { Problem } from './messages/problem';
import type { LockedVersion } from './lock/lockFile';

/** A version of a questionnaire as the compatibility check reads it. */
export interface ComparedVersion {
  file: string;
  source: JsonSource;
  definition: Definition;
  /** Its lock entry when it is published: D5 then compares with what was published. */
  locked?: LockedVersion;
  /** A published version changed by hand: reported for that, compared only as it was published. */
  changed?: boolean;
}

type Fields = ReadonlyMap<string, { section: string; kind: string; options?: readonly string[] }>;

function fieldsFrom(version: ComparedVersion): Fields {
  if (!version.locked) return fieldsOf(version.definition) as FieldIndex;
  return new Map(
    Object.entries(version.locked.fields).map(([key, [section = '', kind = '', ...options]]) => [
      key,
      { section, kind, options },
    ]),
  );
}

const major = (version: string) => Number(version.split('.')[0]);

/**
 * D5 between every version of a questionnaire and every later one of the same major version (a
 * published one as its lock says it was published): a field or an answer string that forms were
 * stored with may not disappear. One problem per change in the later file, at the field, naming
 * every earlier version it breaks and the version to create (`advice`). Changes that come from a
 * vocabulary already reported (`brokenVocabularies`) are left to that report.
 */
export function compatibilityProblems(
  versions: readonly ComparedVersion[],
  advice: (later: ComparedVersion) => string,
  brokenVocabularies: ReadonlySet<string>,
): Problem[] {
  const found = new Map<string, { problem: Problem; earlier: string[] }>();
  versions.forEach((later, j) => {
    if (later.changed) return;
    const laterFields = fieldsOf(later.definition);
    for (const earlier of versions.slice(0, j)) {
      if (earlier.definition.id !== later.definition.id) continue;
      if (major(earlier.definition.version) !== major(later.definition.version)) continue;
      for (const issue of fieldChanges(fieldsFrom(earlier), laterFields)) {
        const field = issue.field ?? '';
        const vocabulary = vocabularyOf(later.source.value, field);
        if (vocabulary && brokenVocabularies.has(vocabulary)) continue;
        const key = `${later.file}\n${field}\n${issue.message}`;
        const known = found.get(key);
        if (known) {
          known.earlier.push(earlier.definition.version);
          continue;
        }
        const section = fieldsFrom(earlier).get(field)?.section ?? '';
        const pointer = fieldPointer(later.source.value, field) ?? fieldPointer(later.source.value, section) ?? '';
        found.set(key, {
          problem: {
            file: later.file,
            position: later.source.positionOf(pointer),
            subject: field,
            message: `${issue.message}`,
          },
          earlier: [earlier.definition.version],
        });
      }
    }
  });
  return [...found.values()].map(({ problem, earlier }) => {
    const later = versions.find((v) => v.file === problem.file);
    return {
      ...problem,
      message: `${problem.message}, or des questionnaires remplis en ${earlier.join(', ')} l’ont (D5)\u00a0; annulez ce changement${later ? `, ou ${advice(later)}` : ''}`,
    };
  });
}
