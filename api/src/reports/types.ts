import type { FilledRecord, Language } from '@bilan/engine';

/**
 * What both PDFs are rendered from: a filled record (a form's answers in its own definition
 * version, D5, and their date) with the identity the PDFs print.
 */
export interface PdfInput extends FilledRecord {
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
  /** The language the patient read the questionnaire in (D41); French when absent. */
  language?: Language;
}
