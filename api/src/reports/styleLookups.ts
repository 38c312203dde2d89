import { dirname, join } from 'node:path';

type Style = Record<string, unknown> & { extends?: string | string[] };
type Override = string | Style;
interface StyleStack {
  styleDictionary: Record<string, Style | undefined>;
  defaultStyle: Style | undefined;
  styleOverrides: Override[] | undefined;
  /** The stack's values found so far, forgotten at each push and pop. */
  found?: Map<string, unknown>;
  getProperty(property: string): unknown;
  push(override: Override): void;
  pop(howMany?: number): void;
}
interface StyleStackClass {
  prototype: StyleStack;
  getStyleProperty(item: unknown, stack: StyleStack | undefined, property: string, defaultValue: unknown): unknown;
}

const isValue = (v: unknown) => v !== undefined && v !== null;

/** A named style's property, through the styles it extends (the last one first), each visited once. */
function namedStyleProperty(
  dictionary: StyleStack['styleDictionary'],
  name: string,
  property: string,
  visited?: Set<string>,
): unknown {
  const style = dictionary[name];
  if (!style) return undefined;
  const value = style[property];
  if (isValue(value)) return value;
  if (!style.extends) return undefined;
  const seen = visited ?? new Set<string>();
  seen.add(name);
  const parents = Array.isArray(style.extends) ? style.extends : [style.extends];
  for (let i = parents.length - 1; i >= 0; i--) {
    const parent = parents[i];
    if (parent === undefined || seen.has(parent)) continue;
    const inherited = namedStyleProperty(dictionary, parent, property, seen);
    if (isValue(inherited)) return inherited;
  }
  return undefined;
}

/** A property from the stack's top down to its default style. */
function stackProperty(stack: StyleStack, property: string): unknown {
  const overrides = stack.styleOverrides;
  if (overrides) {
    for (let i = overrides.length - 1; i >= 0; i--) {
      const item = overrides[i];
      const value =
        typeof item === 'string' ? namedStyleProperty(stack.styleDictionary, item, property) : item?.[property];
      if (isValue(value)) return value;
    }
  }
  return stack.defaultStyle && stack.defaultStyle[property];
}

/**
 * pdfmake looks up about twenty style properties for every word it measures (font, size, colour,
 * decoration…), each by pushing the word and its style names on the stack, walking the stack
 * with a new closure and a new Set per named style, and popping them: a fifth of a render's CPU.
 * The same lookups are done here without pushing, closures or sets (a Set only for a style that
 * extends others), in pdfmake's order: the word's own properties, its style names from the last,
 * the stack from its top, the default style. The stack's part is remembered until the stack's
 * next push or pop (pdfmake changes the stack only through them): the words of a text ask it the
 * same properties, under the same stack.
 */
export function lighterStyleLookups(load: NodeJS.Require): void {
  const path = join(dirname(load.resolve('pdfmake')), 'StyleContextStack.js');
  const stackClass = (load(path) as { default: StyleStackClass }).default;

  const { push, pop } = stackClass.prototype;
  stackClass.prototype.push = function (this: StyleStack, override: Override) {
    this.found = undefined;
    push.call(this, override);
  };
  stackClass.prototype.pop = function (this: StyleStack, howMany?: number) {
    this.found = undefined;
    pop.call(this, howMany);
  };
  stackClass.prototype.getProperty = function (this: StyleStack, property: string): unknown {
    this.found ??= new Map();
    if (this.found.has(property)) return this.found.get(property);
    const value = stackProperty(this, property);
    this.found.set(property, value);
    return value;
  };

  stackClass.getStyleProperty = (item, stack, property, defaultValue) => {
    const node = item as Style & { section?: unknown; style?: unknown };
    const own = node[property];
    if (isValue(own)) return own;
    if (!stack) return defaultValue;
    // What pdfmake's `auto` would have pushed above the stack: the node's style names (strings
    // and section nodes push nothing), then the node itself, whose own value is looked at above.
    if (typeof item !== 'string' && !(item instanceof String) && node.section === undefined && node.style) {
      const names = (Array.isArray(node.style) ? node.style : [node.style]) as string[];
      for (let i = names.length - 1; i >= 0; i--) {
        const name = names[i] as Override;
        const value =
          typeof name === 'string' ? namedStyleProperty(stack.styleDictionary, name, property) : name[property];
        if (isValue(value)) return value;
      }
    }
    const value = stack.getProperty(property);
    return isValue(value) ? value : defaultValue;
  };
}
