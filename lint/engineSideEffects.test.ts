// The engine says it has no side effects (`"sideEffects": false` in its package.json): the
// browser's build may then give each screen only the engine modules it uses, instead of one
// chunk of every module some screen imports through the package's entry (issue 43: the
// registration page's first load 109 → 104 KB gzip). True only while no module does anything
// when imported: its top level holds imports, exports and declarations alone.
import { globSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const engine = fileURLToPath(new URL('../engine/', import.meta.url));

/** A top-level statement that does something when its module is imported (a call, an assignment…). */
function acts(statement: ts.Statement): boolean {
  if (
    ts.isImportDeclaration(statement) ||
    ts.isExportDeclaration(statement) ||
    ts.isFunctionDeclaration(statement) ||
    ts.isClassDeclaration(statement) ||
    ts.isInterfaceDeclaration(statement) ||
    ts.isTypeAliasDeclaration(statement) ||
    ts.isEnumDeclaration(statement) ||
    ts.isModuleDeclaration(statement)
  )
    return false;
  // A declaration's initializer runs, but only to give the value it names (a table, a Map).
  if (ts.isVariableStatement(statement)) return false;
  // `export default <expression>`: the value of the module, nothing else.
  if (ts.isExportAssignment(statement)) return false;
  return true;
}

describe('the engine’s side effects', () => {
  it('says it has none', () => {
    const manifest = JSON.parse(readFileSync(`${engine}package.json`, 'utf8')) as { sideEffects?: unknown };
    expect(manifest.sideEffects).toBe(false);
  });

  it('has none: no module of its source does anything at its top level', () => {
    const files = globSync('src/**/*.ts', { cwd: engine }).filter((f) => !/\.test\.ts$|\/testing\//.test(f));
    expect(files.length).toBeGreaterThan(50);
    const acting = files.flatMap((file) => {
      const source = ts.createSourceFile(file, readFileSync(`${engine}${file}`, 'utf8'), ts.ScriptTarget.Latest);
      return source.statements.filter(acts).map((s) => `${file}: ${s.getText(source).slice(0, 60)}`);
    });
    expect(acting).toEqual([]);
  });
});
