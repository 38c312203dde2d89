import { readFileSync, writeFileSync } from 'node:fs';
import { definitionTexts, frenchTypography, typographyFaults } from '@bilan/engine';
import type { LoadedDefinition } from './loadDefinitions';
import { subjectAt, type Problem } from './messages/problem';

const VISIBLE: Record<string, string> = { ' ': '·', '\u00a0': '⍽', '\u202f': '⸱' };
const visible = (text: string) => [...text].map((c) => VISIBLE[c] ?? c).join('');

/**
 * `definitions:check --fix`: the French typography of every text of the drafts, written in place
 * (’, no-break spaces, …: the engine's frenchTypography, which never changes a word). Only the
 * string itself is rewritten, so the file keeps its layout. Published versions are frozen and
 * answer strings are data (D1): neither is touched. Returns what was changed, one line each.
 */
export function fixTypography(drafts: readonly LoadedDefinition[]): Problem[] {
  const changes: Problem[] = [];
  for (const draft of drafts) {
    if (draft.published) continue;
    const edits: Array<{ start: number; end: number; text: string }> = [];
    for (const text of definitionTexts(draft.definition)) {
      if (typographyFaults(text.text).length === 0) continue;
      const range = draft.source.rangeOf(text.path);
      if (!range) continue;
      const fixed = frenchTypography(text.text);
      edits.push({ ...range, text: JSON.stringify(fixed) });
      const subject = subjectAt(draft.source.value, text.path) ?? text.field;
      changes.push({
        file: draft.file,
        position: draft.source.positionOf(text.path),
        ...(subject ? { subject } : {}),
        message: `typographie corrigée\u00a0: «\u00a0${visible(text.text)}\u00a0» → «\u00a0${visible(fixed)}\u00a0»`,
      });
    }
    if (edits.length === 0) continue;
    const before = readFileSync(draft.path, 'utf8');
    const after = [...edits]
      .sort((a, b) => b.start - a.start)
      .reduce((t, e) => t.slice(0, e.start) + e.text + t.slice(e.end), before);
    writeFileSync(draft.path, after);
  }
  return changes;
}
