import type { Answers, Definition } from './definition';
import { isBlank } from './evaluateCondition';
import { isQuestion } from './pageParts';
import { applyVisibility, settledVisibility } from './visibility';

export interface CompletionResult {
  complete: boolean;
  /** Section keys of pages not saved yet, in flow order. */
  missingSections: string[];
  /** `section.field` of visible questions marked requiredForCompletion and left blank. */
  missingFields: string[];
}

/**
 * D14: finalisation is allowed when every page's section was saved and no visible question
 * marked `requiredForCompletion` is blank (none is required unless a definition says so).
 * A checkbox group is blank when no box is ticked.
 */
export function checkCompletion(
  definition: Definition,
  answers: Answers,
  savedSections: readonly string[],
): CompletionResult {
  const saved = new Set(savedSections);
  const missingSections = definition.pages.filter((p) => !saved.has(p.section)).map((p) => p.section);
  const visible = applyVisibility(definition, answers).answers;
  const shows = settledVisibility(definition, visible);
  const missingFields: string[] = [];
  for (const page of definition.pages) {
    const section = visible[page.section] ?? {};
    for (const item of page.items) {
      if (!isQuestion(item) || !item.requiredForCompletion) continue;
      if (!shows(item)) continue;
      const blank =
        item.kind === 'checkboxes' ? !item.boxes.some((b) => section[b.key] === true) : isBlank(section[item.key]);
      if (blank) missingFields.push(`${page.section}.${item.key}`);
    }
  }
  return { complete: missingSections.length === 0 && missingFields.length === 0, missingSections, missingFields };
}
