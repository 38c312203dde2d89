import type { Answers, Definition, SectionAnswers } from './definition';
import { fieldsOf } from './fieldsOf';
import { applyVisibility } from './visibility';
import { isRecord } from './isRecord';

export interface NormalizeResult {
  answers: Answers;
  /** What was removed and is worth telling: `section` or `section.field`. Blanks are not listed. */
  dropped: string[];
}

/**
 * The server's replay of the browser (D5b), and what the browser runs before saving:
 * - unknown sections and fields are dropped and reported (`section`, `section.field`);
 * - null and "" are blanks and removed silently (a radio clicked again clears its answer);
 * - computed fields sent by the client are ignored, then recomputed for every section present;
 * - answers to hidden questions are dropped and reported, until visibility is stable;
 * - values of the wrong type are kept, so that schema validation refuses them.
 */
export function normalize(definition: Definition, answers: Answers): NormalizeResult {
  const fields = fieldsOf(definition);
  const sections = new Set(definition.pages.map((p) => p.section));
  const dropped: string[] = [];
  const kept: Answers = {};
  const input: unknown = answers;
  if (!isRecord(input)) return { answers: {}, dropped };
  for (const [sectionKey, section] of Object.entries(input)) {
    if (!sections.has(sectionKey)) {
      dropped.push(sectionKey);
      continue;
    }
    if (!isRecord(section)) {
      // Not an object: kept as sent so that validation names the section.
      kept[sectionKey] = section as SectionAnswers;
      continue;
    }
    const out: SectionAnswers = {};
    for (const [key, value] of Object.entries(section)) {
      const info = fields.get(key);
      if (!info || info.section !== sectionKey) {
        dropped.push(`${sectionKey}.${key}`);
        continue;
      }
      if (info.kind === 'bmiFlag' || info.kind === 'checkedList') continue;
      if (value === null || value === '' || value === undefined) continue;
      out[key] = value as SectionAnswers[string];
    }
    kept[sectionKey] = out;
  }
  const visible = applyVisibility(definition, kept);
  return { answers: visible.answers, dropped: [...dropped, ...visible.hidden] };
}

/**
 * Normalizes one page's section in the context of the other saved sections (whose answers may
 * drive its conditions). Returns only that section and the drops that concern it.
 */
export function normalizeSection(
  definition: Definition,
  sectionKey: string,
  sectionAnswers: SectionAnswers,
  otherAnswers: Answers = {},
): { answers: SectionAnswers; dropped: string[] } {
  if (!definition.pages.some((p) => p.section === sectionKey)) {
    throw new Error(`unknown section "${sectionKey}" in ${definition.id}@${definition.version}`);
  }
  const { answers, dropped } = normalize(definition, { ...otherAnswers, [sectionKey]: sectionAnswers });
  return {
    answers: answers[sectionKey] ?? {},
    dropped: dropped.filter((d) => d === sectionKey || d.startsWith(`${sectionKey}.`)),
  };
}
