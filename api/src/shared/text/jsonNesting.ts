/**
 * How deep a request body may nest: the deepest body the API takes (a page of answers, a whole
 * answer set of the demo) nests 4 levels; 32 leaves room for any client's envelope.
 */
export const MAX_JSON_NESTING = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether a JSON text opens more than `max` arrays or objects inside one another, read once from
 * left to right before it is parsed: its cost grows with the text's length only, never with its
 * depth, so a body of thousands of nested brackets is refused in the time of reading it (a
 * recursive walk of the parsed value held the event loop for seconds). Brackets inside strings
 * are text; an invalid text is left for the parser to refuse.
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // To the closing quote: an escaped character (\" or \\) is skipped whole.
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === BACKSLASH) i++;
        else if (s === QUOTE) break;
      }
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}
