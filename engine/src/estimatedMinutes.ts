import type { Definition, ResolvedPageItem } from './definition';
import { isQuestion } from './pageParts';

/** A slow, careful reader on a phone (adults read 200-250 words a minute; older readers fewer). */
const WORDS_PER_MINUTE = 150;
/** Choosing an answer or typing a number, once the question is read. */
const SECONDS_PER_ANSWER = 5;
/** Each box of a group is read and weighed, but faster than a question. */
const SECONDS_PER_BOX = 2;

const wordsIn = (text: string | undefined): number => (text ? text.split(/\s+/).filter(Boolean).length : 0);

function itemWords(item: ResolvedPageItem): number {
  switch (item.kind) {
    case 'notice':
    case 'heading':
      return wordsIn(item.text);
    case 'single':
      return (
        wordsIn(item.label) +
        wordsIn(item.help) +
        item.options.reduce((n, o) => n + wordsIn(item.optionLabels?.[o] ?? o), 0)
      );
    case 'checkboxes':
      return wordsIn(item.label) + wordsIn(item.help) + item.boxes.reduce((n, b) => n + wordsIn(b.label), 0);
    default:
      return wordsIn(item.label) + wordsIn(item.help);
  }
}

function itemSeconds(item: ResolvedPageItem): number {
  if (!isQuestion(item)) return 0;
  return item.kind === 'checkboxes' ? item.boxes.length * SECONDS_PER_BOX : SECONDS_PER_ANSWER;
}

/**
 * About how many minutes a definition takes to fill in, for the start screen's « Environ <n>
 * minutes »: every word a person reads (titles, questions, help, answers, boxes, notices) at a
 * slow reader's pace, plus a few seconds per answer. Every question counts, hidden or not: a
 * promise kept rather than a best case. Rounded up to 5 minutes (a person plans in those), at
 * least 5.
 */
export function estimatedMinutes(definition: Definition): number {
  let words = 0;
  let seconds = 0;
  for (const page of definition.pages) {
    words += wordsIn(page.title) + wordsIn(page.subtitle);
    for (const item of page.items) {
      words += itemWords(item);
      seconds += itemSeconds(item);
    }
  }
  const minutes = words / WORDS_PER_MINUTE + seconds / 60;
  return Math.max(5, Math.ceil(minutes / 5) * 5);
}
