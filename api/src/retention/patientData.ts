/**
 * What the retention purge (purge.ts) does with each table that holds a patient's data: the
 * patients table itself, and every table with a patient, form or plan column. A table added
 * without a line here fails its test (patientData.test.ts), so that no new table keeps health
 * data past its pharmacy's retention period by being forgotten.
 * - `with-patient`: deleted with its patient once the pharmacy's retention period has passed;
 * - `technical`: a record of what was done (audit trail, mail queue), deleted after 13 months,
 *   whichever patient it names (e-mails that named a purged patient also go with it);
 * - `kept`: kept past the patient's purge, for the reason given.
 */
export const PATIENT_DATA: Record<string, { rule: 'with-patient' | 'technical' } | { rule: 'kept'; why: string }> = {
  patients: { rule: 'with-patient' },
  forms: { rule: 'with-patient' },
  documents: { rule: 'with-patient' },
  plans: { rule: 'with-patient' },
  plan_versions: { rule: 'with-patient' },
  emails: { rule: 'with-patient' },
  audit_log: { rule: 'technical' },
  // D34, D43: an act is a billing record (Code de commerce L123-22: ten years), kept with what
  // billing needs when its form is purged, and purged by the ledger's own retention after that.
  acts: {
    rule: 'kept',
    why: 'pièce justificative de facturation de l’acte RDP, gardée dix ans après l’acte (purge.ts, ACT_RETENTION_MONTHS), au-delà de la purge du formulaire',
  },
};
