import type { CheckboxGroupQuestion, Definition, SectionAnswers } from './definition';
import { pageBySection } from './pageFlow';

/** An exclusive box of a checkbox group and the boxes it may not be ticked with. */
export interface ExclusivePair {
  box: string;
  excludes: string[];
}

/**
 * The exclusive boxes of a group (D25), each with the boxes it excludes: those it names, or
 * every other box of the group.
 */
export function exclusivePairsOf(group: CheckboxGroupQuestion): ExclusivePair[] {
  return (group.exclusive ?? []).map(({ box, excludes }) => ({
    box,
    excludes: excludes ?? group.boxes.map((b) => b.key).filter((key) => key !== box),
  }));
}

/** The boxes of a group that may not be ticked together with `box`, whichever side declares it. */
export function boxesExcludedBy(group: CheckboxGroupQuestion, box: string): string[] {
  const excluded = new Set<string>();
  for (const pair of exclusivePairsOf(group)) {
    if (pair.box === box) pair.excludes.forEach((key) => excluded.add(key));
    else if (pair.excludes.includes(box)) excluded.add(pair.box);
  }
  return group.boxes.map((b) => b.key).filter((key) => excluded.has(key));
}

/** What ticking one box did to the others of its group. */
export interface ExclusiveChange {
  group: CheckboxGroupQuestion;
  ticked: string;
  /** The boxes it unticked, in definition order. */
  unticked: string[];
}

/**
 * What the browser does when a person ticks a box (D25): ticking an exclusive box unticks the
 * boxes it excludes, and ticking one of those unticks the exclusive box. `before` and `after`
 * are one section's answers around the person's change; the boxes ticked by the change win.
 * An unticked box is removed (stored as nothing). The server never does this: it refuses a
 * contradiction (sectionSchema), so a person always sees what is kept.
 */
export function applyExclusiveOptions(
  definition: Definition,
  sectionKey: string,
  before: SectionAnswers,
  after: SectionAnswers,
): { answers: SectionAnswers; changes: ExclusiveChange[] } {
  const page = pageBySection(definition, sectionKey);
  const answers: SectionAnswers = { ...after };
  const changes: ExclusiveChange[] = [];
  for (const group of page?.items ?? []) {
    if (group.kind !== 'checkboxes' || !group.exclusive?.length) continue;
    for (const { key } of group.boxes) {
      if (answers[key] !== true || before[key] === true) continue;
      const unticked = boxesExcludedBy(group, key).filter((other) => answers[other] === true);
      for (const other of unticked) delete answers[other];
      if (unticked.length > 0) changes.push({ group, ticked: key, unticked });
    }
  }
  return { answers, changes };
}
