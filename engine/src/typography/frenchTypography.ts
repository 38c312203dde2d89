import * as rules from './typographyRules';

const { NBSP } = rules;

/** Replace `length` characters at `at` with `text`. */
interface Edit {
  at: number;
  length: number;
  text: string;
}

const edit = (at: number, length: number, text: string): Edit => ({ at, length, text });

/**
 * Each step reads the text with its addresses masked (so nothing in them is touched) and says
 * what to replace, in the order typographyFaults checks the rules.
 */
const steps: Array<(masked: string) => Edit[]> = [
  (masked) => [...masked.matchAll(/\.\.\./g)].map((m) => edit(m.index, 3, '…')),
  (masked) => [...masked.matchAll(rules.STRAIGHT_APOSTROPHE)].map((m) => edit(m.index, 1, rules.APOSTROPHE)),
  // Spaces (or none) before : ; ! ? » become one no-break space, where the sign takes one.
  (masked) =>
    [...masked.matchAll(/[ \u202f\u00a0]*[:;!?»]/g)].flatMap((m) => {
      const at = m.index + m[0].length - 1;
      if (!rules.takesSpaceBefore(masked, at) || m[0] === `${NBSP}${masked[at]}`) return [];
      return [edit(m.index, m[0].length - 1, NBSP)];
    }),
  (masked) => [...masked.matchAll(/«[ \u202f\u00a0]*(?=.)/gsu)].map((m) => edit(m.index + 1, m[0].length - 1, NBSP)),
  (masked) => [...masked.matchAll(rules.NUMBER_UNIT)].map((m) => edit(m.index, m[1]?.length ?? 0, NBSP)),
  (masked) => [...masked.matchAll(rules.BEFORE_SYMBOL)].map((m) => edit(m.index, m[1]?.length ?? 0, NBSP)),
];

function applied(text: string, edits: Edit[]): string {
  return [...edits]
    .sort((a, b) => b.at - a.at)
    .reduce((t, e) => t.slice(0, e.at) + e.text + t.slice(e.at + e.length), text);
}

/**
 * The typographic form of a French text (typographyFaults finds nothing in it): ’ for a straight
 * apostrophe between letters, a no-break space U+00A0 before : ; ! ? », after «, and between a
 * number and its unit ("30 €", "6 h"), … for "...". Addresses and "10:30" are left as they are;
 * the words never change. The catalogue labels answer strings with it: "Moins d'une heure" is
 * stored, "Moins d’une heure" is read (D1).
 */
export function frenchTypography(text: string): string {
  // A space one step adds can make another sign a phrase's end ("a;€"): run until nothing moves.
  let current = text;
  for (;;) {
    const next = steps.reduce((t, step) => applied(t, step(rules.maskAddresses(t))), current);
    if (next === current) return next;
    current = next;
  }
}
