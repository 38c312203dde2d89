import type { Answers, Definition } from '@bilan/engine';

/** What both PDFs are rendered from: a form's answers in its own definition version (D5). */
export interface PdfInput {
  definition: Definition;
  /** Normalized answers (computed fields included). */
  answers: Answers;
  /** Null in the demo flow, where only an e-mail address is known. */
  patient: {
    civility: string;
    lastName: string;
    firstName: string;
    /** YYYY-MM-DD */
    birthDate: string;
    email: string;
  } | null;
  pharmacy: { displayName: string } | null;
  /** Submission date, or generation date for a demo. */
  date: Date;
}
