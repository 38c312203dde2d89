import type { Answers, Definition } from '@bilan/engine';

/** What both PDFs are rendered from: the answer set in its own definition version (D5). */
export interface PdfInput {
  definition: Definition;
  /** Normalized answers (computed fields included). */
  answers: Answers;
  /** Null in the demo flow, where only an e-mail address is known. */
  patient: {
    civilite: string;
    nom: string;
    prenom: string;
    dateNaissance: string;
    email: string;
  } | null;
  pharmacy: { nom: string } | null;
  /** Submission date, or generation date for a demo. */
  date: Date;
}
