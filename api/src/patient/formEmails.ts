import { patientConfirmation, pharmacyNotification, type OutgoingEmail } from '../mail';
import type { PatientRecord } from './record';

type FormEmail = OutgoingEmail & { patientId: number };

/** The pharmacy's notice of a finished form: the patient's name and a link, no health data (D15). */
function pharmacyNotice(r: PatientRecord, submittedAt: Date, publicUrl: string): FormEmail {
  return {
    ...pharmacyNotification({ pharmacy: r.pharmacy, patient: r.patient, submittedAt, publicUrl }),
    patientId: r.patient.id,
  };
}

/** The e-mails of a patient's form, each tied to the patient (erased with them). */
export const formEmails = {
  /**
   * What a finished form sends: the patient's confirmation where they gave an address (D30), in
   * the language they read the questionnaire in (issue 46), and the pharmacy's notice.
   */
  onSubmit(r: PatientRecord, submittedAt: Date, publicUrl: string): FormEmail[] {
    const confirmation = r.patient.email
      ? [
          {
            ...patientConfirmation({ pharmacy: r.pharmacy, to: r.patient.email, language: r.form.language }),
            patientId: r.patient.id,
          },
        ]
      : [];
    return [...confirmation, pharmacyNotice(r, submittedAt, publicUrl)];
  },
  /** The pharmacy's notice sent again, with the form's own time of sending. */
  pharmacyNotice,
};
