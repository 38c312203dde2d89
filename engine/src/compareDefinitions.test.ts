import { describe, expect, it } from 'vitest';
import { compareDefinitions, compareVersions } from './compareDefinitions';
import type { Definition, DefinitionFile, PageItem } from './definition';
import { resolveDefinition } from './resolveDefinition';
import { testDefinitionFile, testVocabularies } from './testing/testDefinition';

const previous = resolveDefinition(testDefinitionFile, testVocabularies);

/** The test definition at another version, with the items of its first page changed. */
function nextVersion(version: string, change: (items: PageItem[]) => PageItem[] = (i) => i): Definition {
  const file: DefinitionFile = {
    ...testDefinitionFile,
    version,
    pages: testDefinitionFile.pages.map((p, i) => (i === 0 ? { ...p, items: change(p.items) } : p)),
  };
  return resolveDefinition(file, testVocabularies);
}
const replaceGender = (options: string[]) => (items: PageItem[]) =>
  items.map((i) =>
    i.key === 'gender' ? { kind: 'single' as const, key: 'gender', label: 'Vous êtes\u00a0:', options } : i,
  );

describe('compareVersions', () => {
  it('orders versions numerically', () => {
    expect(compareVersions('1.10.0', '1.9.3')).toBeGreaterThan(0);
    expect(compareVersions('2.0.0', '10.0.0')).toBeLessThan(0);
    expect(compareVersions('1.2.3', '1.2.3')).toBe(0);
  });
});

describe('compareDefinitions (D5)', () => {
  it('accepts a minor version that only adds a question or an answer string', () => {
    const added = nextVersion('1.1.0', (items) => [
      ...replaceGender(['Homme', 'Femme', 'Autre', 'Non précisé'])(items),
      { kind: 'text', key: 'nickname', label: 'Surnom' },
    ]);
    expect(compareDefinitions(previous, added)).toEqual([]);
  });

  it('refuses a removed answer string in the same major version, naming the field', () => {
    const issues = compareDefinitions(previous, nextVersion('1.1.0', replaceGender(['Homme', 'Femme'])));
    expect(issues).toEqual([
      expect.objectContaining({
        field: 'gender',
        message: 'réponse «\u00a0Autre\u00a0» supprimée ou renommée',
      }),
    ]);
  });

  it('refuses a removed or renamed field in the same major version', () => {
    const renamed = nextVersion('1.0.1', (items) =>
      items.map((i) => (i.key === 'children' ? { ...i, key: 'hasChildren' } : i)),
    );
    expect(compareDefinitions(previous, renamed)).toEqual([
      expect.objectContaining({ field: 'children', message: 'question supprimée ou renommée (section general)' }),
    ]);
  });

  it('refuses a removed box and a changed kind', () => {
    const changed = nextVersion('1.1.0', (items) =>
      items.map((i) => {
        if (i.kind === 'checkboxes') return { ...i, boxes: i.boxes.filter((b) => b.key !== 'aucune') };
        if (i.key === 'otherDisease')
          return { kind: 'textarea' as const, key: 'otherDisease', label: 'Précisez', rows: 3 };
        return i;
      }),
    );
    const issues = compareDefinitions(previous, changed);
    expect(issues.map((i) => i.field).sort()).toEqual(['aucune', 'otherDisease']);
    expect(issues.find((i) => i.field === 'otherDisease')?.message).toBe('type changé de text à textarea');
  });

  it('accepts anything in a new major version', () => {
    expect(
      compareDefinitions(
        previous,
        nextVersion('2.0.0', () => [{ kind: 'text', key: 'only', label: 'Seul' }]),
      ),
    ).toEqual([]);
  });

  it('wants the version to rise and the id to stay', () => {
    expect(compareDefinitions(previous, nextVersion('1.0.0'))).toEqual([expect.objectContaining({ path: '/version' })]);
    expect(compareDefinitions(previous, { ...nextVersion('1.1.0'), id: 'bilan-other' })).toEqual([
      expect.objectContaining({ path: '/id' }),
    ]);
  });
});
