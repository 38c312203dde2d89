import { ageInYears, InvalidBirthDateError } from '../ageBand';
import { paris } from '../parisCalendar';
import { assess } from '../assessment/assess';
import type { ReportContext, Report, Sex } from '../assessment/assessmentTypes';
import type { FilledRecord } from './filledRecord';

// The registration's civility (platform contract), used only when the questionnaire's own sex
// question is blank: the answers come first (assessmentFacts).
const SEX_OF_CIVILITY: Readonly<Record<string, Sex>> = { Madame: 'femme', Monsieur: 'homme' };

/**
 * Who the report is for, on the record's date: age in completed years on the Paris calendar
 * (D19), and that Paris day as `today`; without a patient (demo), or with a birth date that
 * does not fit, the band's upper age, so that what is due reads as for the oldest of the band.
 */
export function reportContextOf(record: FilledRecord): ReportContext {
  const { definition, patient, date } = record;
  let age = definition.band.maxAge;
  if (patient) {
    try {
      age = ageInYears(patient.birthDate, date);
    } catch (error) {
      // A bad birth date was refused at registration; keep the band's age rather than fail a PDF.
      if (!(error instanceof InvalidBirthDateError)) throw error;
    }
  }
  const sex =
    patient && Object.hasOwn(SEX_OF_CIVILITY, patient.civility) ? SEX_OF_CIVILITY[patient.civility] : undefined;
  return { age, today: paris.isoDay(date), ...(sex ? { sex } : {}) };
}

/** The assessment report of a record, as Bilan.pdf prints it and the dashboard counts it. */
export function reportOf(record: FilledRecord): Report {
  return assess(record.definition, record.answers, reportContextOf(record));
}
