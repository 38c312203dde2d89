// Text as the server stores it: valid Unicode in NFC, no NUL or other control character, no
// invisible format character (Unicode Cf: bidirectional controls, zero-width characters...), line
// breaks only where a text may span lines (stored as \n). One place decides it; the safeText
// plugin applies it to every JSON body before its schema is checked (so that length caps count
// what is stored), and questionnaire/answerTexts.ts to the answers by the definition's field kinds.
import { apiError, type ApiError } from '../../errors';

export type TextProblem = 'nul' | 'control' | 'lone_surrogate' | 'line_break' | 'invisible';

/** The refusal of a text: 400 invalid_text naming the field (its key) and where it sits in the body. */
export function invalidText(path: string[], reason: TextProblem): ApiError {
  return apiError(400, 'invalid_text', { field: path.at(-1) ?? '', path: `/${path.join('/')}`, reason });
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
// C0 controls but line feed and carriage return, DEL, C1 controls. Tab is refused too: a pasted
// tab would shift cells in an export and reads as nothing in a PDF.
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const CONTROL = /[\u0001-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const LINE_BREAK = /\r\n|[\n\r\u2028\u2029]/g;
// Format characters: invisible, yet they change how a text reads (U+202E shows "exe.pdf" as
// "fdp.exe"; a zero-width space splits a word that looks whole).
const INVISIBLE = /\p{Cf}/u;
const INVISIBLES = /\p{Cf}/gu;

export type CleanResult = { ok: true; text: string } | { ok: false; reason: TextProblem };

/**
 * A text as it is stored, or why it is refused. `multiline`: line breaks (\n, \r\n, \r, U+2028,
 * U+2029) are kept and stored as \n; otherwise they are refused. `freeText` (an answer): invisible
 * format characters are removed; otherwise (a name, an address, a token) they are refused.
 */
export function cleanText(value: string, multiline: boolean, freeText = false): CleanResult {
  if (PRINTABLE_ASCII.test(value)) return { ok: true, text: value };
  if (LONE_SURROGATE.test(value)) return { ok: false, reason: 'lone_surrogate' };
  if (value.includes('\u0000')) return { ok: false, reason: 'nul' };
  if (CONTROL.test(value)) return { ok: false, reason: 'control' };
  if (INVISIBLE.test(value)) {
    if (!freeText) return { ok: false, reason: 'invisible' };
    value = value.replace(INVISIBLES, '');
  }
  LINE_BREAK.lastIndex = 0;
  if (LINE_BREAK.test(value)) {
    if (!multiline) return { ok: false, reason: 'line_break' };
    value = value.replace(LINE_BREAK, '\n');
  }
  return { ok: true, text: value.normalize('NFC') };
}

export interface CleanJsonOptions {
  /**
   * Keys whose whole subtree is free text (answers): line breaks kept (the definition decides per
   * field) and invisible format characters removed; everywhere else both are refused.
   */
  multilineKeys: ReadonlySet<string>;
  /** Keys whose value is not text but a secret (passwords): left exactly as sent, never stored as such. */
  skipKeys: ReadonlySet<string>;
}

/** Where a value sits in a body: its key, and the slot of the object or array that holds it. */
interface Slot {
  holder: Record<string, unknown> | unknown[];
  key: string | number;
  multiline: boolean;
  parent: Slot | undefined;
}

/** The keys from the body's root down to a slot: built only for the value refused. */
function pathOf(slot: Slot): string[] {
  const path: string[] = [];
  // The root slot (no parent) is the box around the body, not one of its keys.
  for (let s: Slot | undefined = slot; s?.parent; s = s.parent) path.push(String(s.key));
  return path.reverse();
}

/**
 * Cleans every string of a parsed JSON body in place (object keys are checked too) and throws
 * 400 invalid_text on the first one refused. Walks with a stack of its own, not by recursion, and
 * names a value's path only when refusing it: the work grows with the number of values, never
 * with their depth (the body parser refuses deep bodies before this, see jsonNesting.ts).
 */
export function cleanJson(value: unknown, options: CleanJsonOptions): unknown {
  const box: Record<string, unknown> = { value };
  const stack: Slot[] = [{ holder: box, key: 'value', multiline: false, parent: undefined }];
  for (let slot = stack.pop(); slot !== undefined; slot = stack.pop()) {
    const holder = slot.holder as Record<string | number, unknown>;
    const current = holder[slot.key];
    if (typeof current === 'string') {
      const r = cleanText(current, slot.multiline, slot.multiline);
      if (!r.ok) throw invalidText(pathOf(slot), r.reason);
      holder[slot.key] = r.text;
    } else if (Array.isArray(current)) {
      // Pushed last to first: the first element is cleaned (and refused) first.
      for (let i = current.length - 1; i >= 0; i--)
        stack.push({ holder: current, key: i, multiline: slot.multiline, parent: slot });
    } else if (current !== null && typeof current === 'object') {
      const object = current as Record<string, unknown>;
      const keys = Object.keys(object);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        const checked = cleanText(key, false);
        if (!checked.ok) throw invalidText([...pathOf(slot), key], checked.reason);
        if (options.skipKeys.has(key)) continue;
        stack.push({
          holder: object,
          key,
          multiline: slot.multiline || options.multilineKeys.has(key),
          parent: slot,
        });
      }
    }
  }
  return box.value;
}
