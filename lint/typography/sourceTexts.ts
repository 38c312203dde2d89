// The texts of a TypeScript source that may be shown to people, read with the TypeScript
// compiler's parser: string literals, template literals (each `${…}` read as one placeholder
// character) and JSX text (a run of text and `{…}` children read as one text, so that
// "Questions sans réponse{'\u00a0'}: {n}" is judged whole). What is code by its place in the
// syntax is left out here; isFrenchText (frenchText.ts) then keeps the French prose.
import ts from 'typescript';

/** Stands for a `${…}`, a `{…}` or a child element: not a space, not a letter, not a digit. */
export const PLACEHOLDER = '\ufffc';

export interface SourceText {
  /** 1-based line of the text's start. */
  line: number;
  text: string;
  /** The JSX attribute it is the value of (aria-label, title, …), when it is one. */
  attribute?: string;
}

/** JSX attributes whose values are code: classes, ids, addresses, types, keys, references. */
const CODE_ATTRIBUTES = new Set([
  'className',
  'id',
  'htmlFor',
  'href',
  'to',
  'src',
  'type',
  'name',
  'role',
  'key',
  'rel',
  'target',
  'method',
  'autoComplete',
  'inputMode',
  'pattern',
  'lang',
  'style',
  'value',
  'defaultValue',
  'form',
  'accept',
  'encType',
  'aria-controls',
  'aria-describedby',
  'aria-labelledby',
  'aria-live',
  'aria-current',
  'aria-haspopup',
  'download',
  'path',
  'element',
  'level',
  'variant',
  'kind',
  'tone',
  'size',
  'width',
  'height',
  'viewBox',
  'd',
  'fill',
  'stroke',
]);

const ENTITIES: Record<string, string> = {
  nbsp: '\u00a0',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  rsquo: '’',
  laquo: '«',
  raquo: '»',
  hellip: '…',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return ENTITIES[name] ?? m;
  });
}

/** JSX text as React renders it: lines trimmed where they meet a line break, blank lines dropped. */
function jsxText(raw: string): string {
  const lines = raw.split(/\r\n|\n|\r/);
  const kept = lines
    .map((line, i) => {
      let l = line.replace(/\t/g, ' ');
      if (i > 0) l = l.replace(/^ +/, '');
      if (i < lines.length - 1) l = l.replace(/ +$/, '');
      return l;
    })
    .filter((l) => lines.length === 1 || l !== '');
  return decodeEntities(kept.join(' '));
}

/** Where a string literal is code by its place: modules, types, keys, comparisons, cases, tags. */
function isCodePlace(node: ts.Node): boolean {
  const parent = node.parent;
  if (!parent) return true;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isExternalModuleReference(parent))
    return true;
  if (ts.isLiteralTypeNode(parent) || ts.isImportTypeNode(parent)) return true;
  if (
    (ts.isPropertyAssignment(parent) ||
      ts.isPropertySignature(parent) ||
      ts.isPropertyDeclaration(parent) ||
      ts.isMethodDeclaration(parent)) &&
    parent.name === node
  )
    return true;
  if (ts.isEnumMember(parent) && parent.name === node) return true;
  if (ts.isElementAccessExpression(parent) && parent.argumentExpression === node) return true;
  if (ts.isCaseClause(parent)) return true;
  if (
    ts.isBinaryExpression(parent) &&
    [
      ts.SyntaxKind.EqualsEqualsEqualsToken,
      ts.SyntaxKind.ExclamationEqualsEqualsToken,
      ts.SyntaxKind.EqualsEqualsToken,
      ts.SyntaxKind.ExclamationEqualsToken,
      ts.SyntaxKind.InKeyword,
    ].includes(parent.operatorToken.kind)
  )
    return true;
  if (ts.isCallExpression(parent) && parent.expression.kind === ts.SyntaxKind.ImportKeyword) return true;
  if (ts.isTaggedTemplateExpression(parent)) return true;
  if (ts.isExpressionStatement(parent)) return true; // 'use strict'
  return codeAttribute(node);
}

/** Whether the node is inside the value of a code attribute (className={`…`}, style={{ … }}). */
function codeAttribute(node: ts.Node): boolean {
  for (
    let n: ts.Node | undefined = node.parent;
    n && !ts.isJsxElement(n) && !ts.isJsxSelfClosingElement(n) && !ts.isBlock(n);
    n = n.parent
  ) {
    if (ts.isJsxAttribute(n)) return CODE_ATTRIBUTES.has(n.name.getText());
  }
  return false;
}

/** The text of a template literal, each substitution one placeholder. */
function templateText(node: ts.TemplateExpression): string {
  return node.head.text + node.templateSpans.map((span) => PLACEHOLDER + span.literal.text).join('');
}

/** A JSX expression child that is only a string ({'\u00a0'}, {' '}) is part of the text around it. */
function inlineString(child: ts.JsxChild): string | null {
  if (!ts.isJsxExpression(child) || !child.expression) return null;
  const e = child.expression;
  return ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e) ? e.text : null;
}

/** The children of an element as runs of text: text, inline strings and placeholders for the rest. */
function jsxChildrenText(children: ts.NodeArray<ts.JsxChild>): string {
  return children
    .map((child) => {
      if (ts.isJsxText(child)) return jsxText(child.getFullText());
      const inline = inlineString(child);
      if (inline !== null) return inline;
      if (ts.isJsxExpression(child) && !child.expression) return '';
      return PLACEHOLDER;
    })
    .join('')
    .replace(/^ +| +$/g, '');
}

/** Every text of a source that could be shown to a person, with its line (see the header). */
export function sourceTexts(fileName: string, source: string): SourceText[] {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const texts: SourceText[] = [];
  const push = (node: ts.Node, text: string) => {
    const attribute = ts.isJsxAttribute(node.parent) ? node.parent.name.getText() : undefined;
    texts.push({
      line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      text,
      ...(attribute ? { attribute } : {}),
    });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const inlined =
        ts.isJsxExpression(node.parent) &&
        (ts.isJsxElement(node.parent.parent) || ts.isJsxFragment(node.parent.parent));
      if (!inlined && !isCodePlace(node)) push(node, node.text);
    } else if (ts.isTemplateExpression(node)) {
      if (!isCodePlace(node)) push(node, templateText(node));
    } else if (ts.isJsxElement(node) || ts.isJsxFragment(node)) {
      const text = jsxChildrenText(node.children);
      if (text.replaceAll(PLACEHOLDER, '').trim() !== '') push(node.children[0] ?? node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return texts;
}
