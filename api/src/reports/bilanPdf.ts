import { ageInYears, assess, type AssessmentContext, type Report } from '@bilan/engine';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { reportDocDefinition } from './reportDocDefinition';
import type { PdfInput } from './types';

// The registration's civility (platform contract), used only when the questionnaire's own sex
// question is blank: the answers come first (assessmentFacts).
const SEX_OF_CIVILITY: Record<string, AssessmentContext['sex']> = { Madame: 'femme', Monsieur: 'homme' };

/**
 * Who the report is for. Age in completed years on the day of the answers (D19); without a
 * patient (demo), or with a birth date that does not fit, the band's upper age, so that what is
 * due reads as for the oldest person of the band.
 */
export function assessmentContextOf(input: {
  definition: PdfInput['definition'];
  patient: Pick<NonNullable<PdfInput['patient']>, 'civility' | 'birthDate'> | null;
  date: Date;
}): AssessmentContext {
  const today = input.date.toISOString().slice(0, 10);
  let age = input.definition.band.maxAge;
  if (input.patient) {
    try {
      age = ageInYears(input.patient.birthDate, input.date);
    } catch {
      // An invalid birth date was refused at registration; keep the band's age rather than fail the PDF.
    }
  }
  const sex = input.patient ? SEX_OF_CIVILITY[input.patient.civility] : undefined;
  return { age, today, ...(sex ? { sex } : {}) };
}

/**
 * The assessment report of the PDF's answers, as Bilan.pdf prints it. The dashboard's count of
 * priority findings per form is `priorityCount(bilanReport(input))`, or
 * `priorityCount(assess(definition, answers, assessmentContextOf({ definition, patient, date })))`.
 */
export function bilanReport(input: PdfInput): Report {
  return assess(input.definition, input.answers, assessmentContextOf(input));
}

/**
 * Bilan.pdf: the personalised prevention plan (D20) laid out from the engine's assessment report:
 * priorities first, findings by theme with advice and source, scores, what is due, the patient's
 * own topics, and room for the objectives, notes and signature.
 */
export function buildBilanDocDefinition(input: PdfInput): TDocumentDefinitions {
  return reportDocDefinition(bilanReport(input), input);
}
