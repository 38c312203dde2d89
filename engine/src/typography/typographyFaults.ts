import {
  BEFORE_SYMBOL,
  maskAddresses,
  NBSP,
  NNBSP,
  NUMBER_UNIT,
  STRAIGHT_APOSTROPHE,
  takesSpaceBefore,
} from './typographyRules';

export type TypographyRule =
  'apostrophe' | 'space-before-punctuation' | 'space-inside-guillemets' | 'space-before-unit' | 'ellipsis';

/** One fault of French typography in a text: where, which rule, and what to write instead. */
export interface TypographyFault {
  rule: TypographyRule;
  /** Position in the text of the character at fault (or of the missing space). */
  index: number;
  /** A few characters around it, spaces made visible (· ordinary, ⍽ no-break, ⸱ narrow). */
  excerpt: string;
  message: string;
}

const VISIBLE: Record<string, string> = { ' ': '·', [NBSP]: '⍽', [NNBSP]: '⸱', '\n': '⏎' };

function excerptAt(text: string, index: number): string {
  const start = Math.max(0, index - 12);
  const piece = [...text.slice(start, index + 12)].map((c) => VISIBLE[c] ?? c).join('');
  return `${start > 0 ? '…' : ''}${piece}${index + 12 < text.length ? '…' : ''}`;
}

/** What stands before a sign that needs a no-break space, as a fault message (null when right). */
function spaceProblem(before: string | undefined, sign: string): string | null {
  if (before === NBSP) return null;
  if (before === ' ') return `an ordinary space before "${sign}": write a no-break space (U+00A0)`;
  if (before === NNBSP) return `a narrow no-break space before "${sign}": the convention is U+00A0`;
  return `no space before "${sign}": write a no-break space (U+00A0)`;
}

/**
 * The typography faults of a French text a person reads (empty when it is right):
 * - a straight apostrophe between letters ("l'IMC" → "l’IMC");
 * - before : ; ! ? and », and after «, anything but a no-break space U+00A0 (an ordinary space,
 *   a narrow one, or none); a colon that is not followed by a space or the end ("10:30", "a:b")
 *   is not punctuation, and addresses (https://…, mailto:, e-mail) are left out;
 * - between a number and its unit or currency ("30 €", "172 cm", "10 %", "24 h/24"), anything but
 *   U+00A0, and the same before € or % after any word;
 * - "..." for the ellipsis "…".
 */
export function typographyFaults(text: string): TypographyFault[] {
  const masked = maskAddresses(text);
  const faults: TypographyFault[] = [];
  const add = (rule: TypographyRule, index: number, message: string) =>
    faults.push({ rule, index, excerpt: excerptAt(text, index), message });

  for (const m of masked.matchAll(STRAIGHT_APOSTROPHE))
    add('apostrophe', m.index, 'straight apostrophe: write ’ (U+2019)');
  for (let i = 1; i < masked.length; i += 1) {
    const sign = masked[i] ?? '';
    const problem = takesSpaceBefore(masked, i) ? spaceProblem(masked[i - 1], sign) : null;
    if (problem) add(sign === '»' ? 'space-inside-guillemets' : 'space-before-punctuation', i, problem);
  }
  for (let i = masked.indexOf('«'); i >= 0 && i < masked.length - 1; i = masked.indexOf('«', i + 1)) {
    if (masked[i + 1] !== NBSP) add('space-inside-guillemets', i, 'after "«" write a no-break space (U+00A0)');
  }
  for (const m of masked.matchAll(NUMBER_UNIT)) {
    if (m[1] !== NBSP)
      add('space-before-unit', m.index, `between a number and "${m[2]}" write a no-break space (U+00A0)`);
  }
  for (const m of masked.matchAll(BEFORE_SYMBOL))
    add('space-before-unit', m.index, 'before € or % write a no-break space (U+00A0)');
  for (let i = masked.indexOf('...'); i >= 0; i = masked.indexOf('...', i + 3))
    add('ellipsis', i, 'three dots: write the ellipsis … (U+2026)');
  return faults.sort((a, b) => a.index - b.index);
}
