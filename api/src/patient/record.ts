import type { Definition } from '@bilan/engine';
import type { AccountRow, PatientRow } from '../db/schema';
import { definitionOf } from '../questionnaire/definitions';
import type { Form, patientRepository } from './repository';

/** A patient with its pharmacy, its form and the definition version the form was given in (D5). */
export interface PatientRecord {
  patient: PatientRow;
  pharmacy: AccountRow;
  form: Form;
  definition: Definition;
}

/** The `me` view of a record (what GET /api/utilisateur/me answers, in the spec's field names). */
export function meView(r: PatientRecord) {
  return {
    id: r.patient.id,
    civilite: r.patient.civility,
    nom: r.patient.lastName,
    prenom: r.patient.firstName,
    date_naissance: r.patient.birthDate,
    email: r.patient.email || null,
    ageGroup: r.patient.band,
    client: { id: r.pharmacy.id, name: r.pharmacy.name, nom: r.pharmacy.displayName },
    definition: { id: r.definition.id, version: r.definition.version },
    status: r.form.status,
    reponses: r.form.answers,
    savedPages: r.form.savedSections,
    submittedAt: r.form.submittedAt,
    version: r.form.version,
    language: r.form.language,
  };
}

/** The record of a patient token; undefined when the patient no longer exists (purged). */
export async function loadRecord(
  repository: ReturnType<typeof patientRepository>,
  patientId: number,
): Promise<PatientRecord | undefined> {
  const found = await repository.findWithForm(patientId);
  return found && { ...found, definition: definitionOf(found.form) };
}
