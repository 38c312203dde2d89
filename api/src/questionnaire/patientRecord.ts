import { normalize, type Definition } from '@bilan/engine';
import type { AnswerSet } from '../db/repositories/answerSets';
import type { Repositories } from '../db/repositories/index';
import type { ClientRow, PatientRow } from '../db/schema';
import type { PdfInput } from '../pdf/types';
import { findDefinition } from './definitions';

/** A patient with its pharmacy, answer set and the definition version it was given in (D5). */
export interface PatientRecord {
  patient: PatientRow;
  client: ClientRow;
  answerSet: AnswerSet;
  definition: Definition;
}

/** The `me` view of a record (what GET /api/utilisateur/me answers). */
export function meView(r: PatientRecord) {
  return {
    id: r.patient.id,
    civilite: r.patient.civilite,
    nom: r.patient.nom,
    prenom: r.patient.prenom,
    date_naissance: r.patient.dateNaissance,
    email: r.patient.email,
    ageGroup: r.patient.ageGroup,
    client: { id: r.client.id, name: r.client.name, nom: r.client.nom },
    definition: { id: r.definition.id, version: r.definition.version },
    status: r.answerSet.status,
    reponses: r.answerSet.sections,
    savedPages: r.answerSet.savedSections,
    submittedAt: r.answerSet.submittedAt,
  };
}

/** What the PDFs of a record are rendered from: its answers replayed through its definition. */
export function recordPdfInput(r: PatientRecord, date: Date): PdfInput {
  return {
    definition: r.definition,
    answers: normalize(r.definition, r.answerSet.sections).answers,
    patient: {
      civilite: r.patient.civilite,
      nom: r.patient.nom,
      prenom: r.patient.prenom,
      dateNaissance: r.patient.dateNaissance,
      email: r.patient.email,
    },
    pharmacy: { nom: r.client.nom },
    date,
  };
}

/** Resolves the stored definition reference; a missing one means a definition file was removed. */
export function definitionOf(answerSet: AnswerSet): Definition {
  const d = findDefinition(answerSet.definitionId, answerSet.definitionVersion);
  if (!d) throw new Error(`definition ${answerSet.definitionId}@${answerSet.definitionVersion} not found`);
  return d;
}

/** Loads the record of a patient token; undefined when the patient no longer exists (purged). */
export async function loadRecord(repos: Repositories, patientId: number): Promise<PatientRecord | undefined> {
  const found = await repos.patients.findWithClient(patientId);
  if (!found) return undefined;
  const answerSet = await repos.answerSets.findByPatient(patientId);
  if (!answerSet) return undefined;
  return { ...found, answerSet, definition: definitionOf(answerSet) };
}
