import { parse, type AnyNode, type ValueNode } from '@humanwhocodes/momoa';

/** A place in a file, as an editor shows it: 1-based line and column. */
export interface Position {
  line: number;
  column: number;
}

/** A JSON file read with the place of every value, so a message can say where to look. */
export interface JsonSource {
  text: string;
  value: unknown;
  /** Where the value at a JSON pointer starts (`/pages/0/items/3`), or its nearest ancestor's. */
  positionOf(pointer: string): Position;
  /** Where a property's name is written (`lable` in `"lable": …`), or where its object starts. */
  propertyPositionOf(pointer: string, property: string): Position;
  /** Start and end offsets of the value at a pointer, when it exists. */
  rangeOf(pointer: string): { start: number; end: number } | undefined;
}

/** The reason a text is not JSON, with its place. */
export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: Position,
  ) {
    super(message);
  }
}

/** `/pages/0/items` → ['pages', '0', 'items'] (RFC 6901 escapes undone). */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  return pointer
    .replace(/^\//, '')
    .split('/')
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** The value at a JSON pointer in parsed data, or undefined. */
export function valueAt(data: unknown, pointer: string): unknown {
  let node = data;
  for (const segment of pointerSegments(pointer)) {
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (typeof node === 'object' && node !== null) node = (node as Record<string, unknown>)[segment];
    else return undefined;
  }
  return node;
}

function child(node: ValueNode, segment: string): ValueNode | undefined {
  if (node.type === 'Object')
    return node.members.find((m) => m.name.type === 'String' && m.name.value === segment)?.value;
  if (node.type === 'Array') return node.elements[Number(segment)]?.value;
  return undefined;
}

/** The deepest node a pointer reaches: the value itself, or the nearest ancestor that exists. */
function reach(root: ValueNode, pointer: string): { node: ValueNode; complete: boolean } {
  let node = root;
  for (const segment of pointerSegments(pointer)) {
    const next = child(node, segment);
    if (!next) return { node, complete: false };
    node = next;
  }
  return { node, complete: true };
}

const at = (node: AnyNode): Position => ({ line: node.loc.start.line, column: node.loc.start.column });

function parsed(text: string): ValueNode {
  try {
    return parse(text, { mode: 'json', ranges: true }).body;
  } catch (error) {
    const { line = 1, column = 1 } = error as { line?: number; column?: number };
    throw new JsonSyntaxError((error as Error).message.replace(/ \(\d+:\d+\)$/, ''), { line, column });
  }
}

/**
 * Parses a JSON text; a syntax error says where, as `JsonSyntaxError`. The places of the values
 * are read only when asked for (most files have nothing to report, and the tree costs ten times
 * the parse).
 */
export function jsonSource(text: string): JsonSource {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    parsed(text);
    throw new JsonSyntaxError('JSON mal formé', { line: 1, column: 1 });
  }
  let tree: ValueNode | undefined;
  const root = () => (tree ??= parsed(text));
  return {
    text,
    value,
    positionOf: (pointer) => at(reach(root(), pointer).node),
    propertyPositionOf(pointer, property) {
      const { node, complete } = reach(root(), pointer);
      const member =
        complete && node.type === 'Object'
          ? node.members.find((m) => m.name.type === 'String' && m.name.value === property)
          : undefined;
      return at(member ? member.name : node);
    },
    rangeOf(pointer) {
      const { node, complete } = reach(root(), pointer);
      return complete && node.range ? { start: node.range[0], end: node.range[1] } : undefined;
    },
  };
}
