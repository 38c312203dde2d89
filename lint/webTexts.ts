// Reads every t('…') of the web app's code, for the test that each language gives each text.
import { existsSync, readFileSync, globSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** One call of t() in the code: its French text (null when it is not a literal) and where it is. */
export interface TextUse {
  french: string | null;
  /** The names of the values given for its `{places}` (an object literal), null when not literal. */
  values: string[] | null;
  where: string;
}

/** Every call of t() in the files of `root` (web/src) that match `pattern`, tests left out. */
export function webTexts(root: string, pattern = '**/*.{ts,tsx}'): TextUse[] {
  const uses: TextUse[] = [];
  const files = globSync(pattern, { cwd: root }).filter((f) => !/\.test\.tsx?$/.test(f) && !f.startsWith('test/'));
  for (const file of files) {
    const path = join(root, file);
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 't') {
        const [first, second] = node.arguments;
        const values =
          second === undefined
            ? []
            : ts.isObjectLiteralExpression(second)
              ? second.properties.flatMap((p) => (p.name && ts.isIdentifier(p.name) ? [p.name.text] : []))
              : null;
        const literal = first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first));
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        uses.push({
          french: literal ? first.text : null,
          values,
          where: `${relative(join(root, '..', '..'), path)}:${line + 1}`,
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return uses;
}

/**
 * The files of `root` (web/src) that `entries` import, themselves included: every `import … from`,
 * `export … from` and `import()` of a relative path, followed through. What a screen can draw
 * comes from these files, so their t() texts are the words it may need.
 */
export function importedFiles(root: string, entries: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const resolve = (from: string, specifier: string): string | undefined => {
    const base = join(from, '..', specifier);
    const tries = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
    return tries.find((p) => /\.tsx?$/.test(p) && existsSync(join(root, p)));
  };
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const path = join(root, file);
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
    const follow = (specifier: ts.Node | undefined) => {
      if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) return;
      const next = resolve(file, specifier.text);
      if (next) visit(next);
    };
    const walk = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
        if (!(ts.isImportDeclaration(node) && node.importClause?.isTypeOnly)) follow(node.moduleSpecifier);
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        follow(node.arguments[0]);
      }
      ts.forEachChild(node, walk);
    };
    walk(source);
  };
  entries.forEach(visit);
  return seen;
}
