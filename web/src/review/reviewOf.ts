import {
  checkCompletion,
  recordPages,
  type Answers,
  type Definition,
  type RecordPage,
  type SectionAnswers,
} from '@bilan/engine';

export interface ReviewedPage {
  page: RecordPage;
  /** The page was validated with "Suivant" (real flow: saved on the server). */
  saved: boolean;
  /** The page shows changes nobody validated: they will not be sent. */
  unsavedChanges: boolean;
  unanswered: number;
}

export interface Review {
  pages: ReviewedPage[];
  /** Questions that apply to these answers (hidden ones left out), and how many have an answer. */
  questions: number;
  answered: number;
  /** D14: pages never validated, and required questions left blank (none by default). */
  complete: boolean;
  missingSections: string[];
  /** `section.field` of required questions left blank. */
  missingFields: string[];
}

function sameAnswers(a: SectionAnswers | undefined, b: SectionAnswers | undefined): boolean {
  const left = Object.entries(a ?? {}).filter(([, v]) => v !== undefined && v !== false);
  const right = new Map(Object.entries(b ?? {}).filter(([, v]) => v !== undefined && v !== false));
  return left.length === right.size && left.every(([k, v]) => right.get(k) === v);
}

/**
 * What the review page shows (D26): every page and every question that applies, read through
 * the engine's record layer (the same lines as Questionnaire.pdf), with the counts of answered
 * and unanswered questions and what still stops the finishing call.
 */
export function reviewOf(
  definition: Definition,
  answers: Answers,
  drafts: Answers,
  savedSections: readonly string[],
  date: Date,
): Review {
  const pages = recordPages({ definition, answers, date }).map((page): ReviewedPage => {
    const draft = drafts[page.section];
    return {
      page,
      saved: savedSections.includes(page.section),
      unsavedChanges: draft !== undefined && !sameAnswers(draft, answers[page.section]),
      unanswered: page.lines.filter((line) => line.answer === null).length,
    };
  });
  const questions = pages.reduce((n, p) => n + p.page.lines.length, 0);
  const unanswered = pages.reduce((n, p) => n + p.unanswered, 0);
  const completion = checkCompletion(definition, answers, savedSections);
  return {
    pages,
    questions,
    answered: questions - unanswered,
    complete: completion.complete,
    missingSections: completion.missingSections,
    missingFields: completion.missingFields,
  };
}
