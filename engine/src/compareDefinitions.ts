import type { Definition } from './definition';
import type { DefinitionIssue } from './checkDefinition';
import { fieldsOf } from './fieldsOf';

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
 */
export function compareDefinitions(previous: Definition, next: Definition): DefinitionIssue[] {
  const issues: DefinitionIssue[] = [];
  const label = `${next.id}@${next.version}`;
  if (previous.id !== next.id) {
    return [{ path: '/id', message: `cannot compare ${previous.id} with ${next.id}` }];
  }
  if (compareVersions(next.version, previous.version) <= 0) {
    issues.push({ path: '/version', message: `${label} must be a higher version than ${previous.version}` });
    return issues;
  }
  if (parseVersion(next.version)[0] > parseVersion(previous.version)[0]) return issues;
  const nextFields = fieldsOf(next);
  for (const [key, before] of fieldsOf(previous)) {
    const after = nextFields.get(key);
    const need = `needs a new major version (${previous.version} → ${next.version} keeps major ${parseVersion(previous.version)[0]})`;
    if (!after) {
      issues.push({
        path: '/pages',
        field: key,
        message: `field "${key}" of section "${before.section}" was removed or renamed: ${need}`,
      });
      continue;
    }
    if (after.section !== before.section) {
      issues.push({
        path: '/pages',
        field: key,
        message: `field "${key}" moved from section "${before.section}" to "${after.section}": ${need}`,
      });
    }
    if (after.kind !== before.kind) {
      issues.push({
        path: '/pages',
        field: key,
        message: `field "${key}" changed kind from ${before.kind} to ${after.kind}: ${need}`,
      });
    }
    for (const option of before.options ?? []) {
      if (after.kind === before.kind && !(after.options ?? []).includes(option)) {
        issues.push({
          path: '/pages',
          field: key,
          message: `answer string ${JSON.stringify(option)} of "${key}" was removed: ${need}`,
        });
      }
    }
  }
  return issues;
}
