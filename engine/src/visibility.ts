import type { Answers, Condition, Definition } from './definition';
import { computeFields } from './computeFields';
import { answersLookup, evaluateCondition, type Lookup } from './evaluateCondition';
import { fieldsOf, type FieldInfo } from './fieldsOf';
import { isRecord } from './isRecord';

/** What decides whether an item shows: its condition, and whether it is still asked. */
interface ShownItem {
  visibleWhen?: Condition;
  retired?: string;
}

export interface VisibilityResult {
  /** The answer set without answers to hidden questions, computed fields recomputed. */
  answers: Answers;
  /** `section.field` of every answer removed because its question is hidden. */
  hidden: string[];
}

/** Whether a question is no longer asked (`retired`): hidden to everyone, its answer dropped. */
function isRetired(item: object): boolean {
  return 'retired' in item && item.retired !== undefined;
}

/** The conditions a stored field shows under: its question's, and a box's own. */
function conditionsOf(info: FieldInfo): Condition[] {
  const declaring = info.group ?? info.item;
  const conditions = ['visibleWhen' in declaring ? declaring.visibleWhen : undefined, info.box?.visibleWhen];
  return conditions.filter((c): c is Condition => c !== undefined);
}

/**
 * Drops answers to hidden questions until nothing changes: hiding a question may hide another
 * whose condition named it (a chain), so one pass is not enough. Computed fields are
 * recomputed at each pass because a dropped answer may feed them.
 */
export function applyVisibility(definition: Definition, answers: Answers): VisibilityResult {
  let current = computeFields(definition, answers);
  const hidden: string[] = [];
  for (;;) {
    const removed: string[] = [];
    const next: Answers = { ...current };
    const lookup = answersLookup(definition, current);
    for (const info of fieldsOf(definition).values()) {
      if (info.kind === 'bmiFlag' || info.kind === 'checkedList') continue;
      const section = next[info.section];
      if (!isRecord(section) || !Object.hasOwn(section, info.key)) continue;
      const shown =
        !isRetired(info.group ?? info.item) &&
        conditionsOf(info).every((condition) => evaluateCondition(condition, lookup));
      if (shown) continue;
      const { [info.key]: _dropped, ...rest } = section;
      next[info.section] = rest;
      removed.push(`${info.section}.${info.key}`);
    }
    if (removed.length === 0) return { answers: current, hidden };
    hidden.push(...removed);
    current = computeFields(definition, next);
  }
}

/**
 * Which items (questions, notices, headings, and boxes that have their own condition) show for
 * these answers. Conditions are evaluated on the answers as normalize would keep them, so a
 * question that hangs on a hidden one is hidden too, in the browser exactly as on the server.
 * Visibility is settled once, for every item asked.
 */
export function itemVisibility(definition: Definition, answers: Answers): (item: ShownItem) => boolean {
  let settled: ((item: ShownItem) => boolean) | undefined;
  return (item) => {
    if (isRetired(item)) return false;
    if (!item.visibleWhen) return true;
    settled ??= settledVisibility(definition, applyVisibility(definition, answers).answers);
    return settled(item);
  };
}

/** itemVisibility for answers applyVisibility has already settled: they are not settled again. */
export function settledVisibility(definition: Definition, settled: Answers): (item: ShownItem) => boolean {
  let lookup: Lookup | undefined;
  return (item) => {
    if (isRetired(item)) return false;
    if (!item.visibleWhen) return true;
    lookup ??= answersLookup(definition, settled);
    return evaluateCondition(item.visibleWhen, lookup);
  };
}

/** Whether one item shows for these answers (see itemVisibility). */
export function isItemVisible(item: ShownItem, answers: Answers, definition: Definition): boolean {
  return itemVisibility(definition, answers)(item);
}
