import type { Definition } from './definition';
import type { DefinitionIssue } from './checkDefinition';
import { fieldsOf } from './fieldsOf';
import { quoted } from './quoted';

function parseVersion(version: string): [number, number, number] {
  const [major, minor, patch] = version.split('.').map(Number);
  return [major ?? 0, minor ?? 0, patch ?? 0];
}

/** Semantic-version order: negative when a < b. */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [parseVersion(a), parseVersion(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

/**
 * D5: stored answer sets keep naming the fields and answer strings of the version they were
 * given in. Within one major version a new definition may add, never remove or rename a field,
 * move it to another section, change its kind, or remove an answer string. A new major may.
 * Each issue names the field it is about; what it says does not depend on the two versions
 * (the caller says which were compared and which version to create), so that one change seen
 * against several earlier versions reads as one line.
 */
export function compareDefinitions(previous: Definition, next: Definition): DefinitionIssue[] {
  if (previous.id !== next.id) {
    return [{ path: '/id', message: `${next.id} ne se compare pas à ${previous.id}` }];
  }
  if (compareVersions(next.version, previous.version) <= 0) {
    return [{ path: '/version', message: `la version ${next.version} doit être supérieure à ${previous.version}` }];
  }
  if (parseVersion(next.version)[0] > parseVersion(previous.version)[0]) return [];
  return fieldChanges(fieldsOf(previous), fieldsOf(next));
}

/** What a change of fields does to stored answers (D5): the changes only a new major version may make. */
export function fieldChanges(
  before: ReadonlyMap<string, { section: string; kind: string; options?: readonly string[] }>,
  after: ReadonlyMap<string, { section: string; kind: string; options?: readonly string[] }>,
): DefinitionIssue[] {
  const issues: DefinitionIssue[] = [];
  for (const [key, was] of before) {
    const now = after.get(key);
    if (!now) {
      issues.push({ path: '/pages', field: key, message: `question supprimée ou renommée (section ${was.section})` });
      continue;
    }
    if (now.section !== was.section)
      issues.push({
        path: '/pages',
        field: key,
        message: `question déplacée de la section ${was.section} à ${now.section}`,
      });
    if (now.kind !== was.kind)
      issues.push({ path: '/pages', field: key, message: `type changé de ${was.kind} à ${now.kind}` });
    else
      for (const option of was.options ?? []) {
        if (!(now.options ?? []).includes(option))
          issues.push({ path: '/pages', field: key, message: `réponse ${quoted(option)} supprimée ou renommée` });
      }
  }
  return issues;
}
