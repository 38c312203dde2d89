import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { answerSets, patients } from '../db/schema';
import { submittedOfPharmacy } from './submittedOfPharmacy';

export interface SubmittedForm {
  patientId: number;
  answerSetId: number;
  nom: string;
  prenom: string;
  dateNaissance: string;
  ageGroup: string;
  submittedAt: string;
}

/** The submitted forms of one pharmacy, newest first. Forms in progress are not the pharmacy's yet. */
export function submittedForms(db: Db, clientId: number): SubmittedForm[] {
  return db
    .select({
      patientId: patients.id,
      answerSetId: answerSets.id,
      nom: patients.nom,
      prenom: patients.prenom,
      dateNaissance: patients.dateNaissance,
      ageGroup: patients.ageGroup,
      submittedAt: answerSets.submittedAt,
    })
    .from(patients)
    .innerJoin(answerSets, eq(answerSets.patientId, patients.id))
    .where(submittedOfPharmacy(clientId))
    .orderBy(desc(answerSets.submittedAt), desc(patients.id))
    .all()
    .filter((r): r is SubmittedForm => r.submittedAt !== null);
}
