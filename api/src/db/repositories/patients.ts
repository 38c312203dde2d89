import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../client';
import { answerSets, botCheckSolutions, clients, patients, type ClientRow, type PatientRow } from '../schema';

export interface NewPatient {
  clientId: number;
  civilite: string;
  nom: string;
  prenom: string;
  dateNaissance: string;
  email: string;
  numeroSecuriteSociale: string | null;
  ageGroup: string;
}

export interface Registration {
  patient: NewPatient;
  definitionId: string;
  definitionVersion: string;
  /** Hash of the bot-check ticket; consumed in the same transaction as the insert. */
  ticketKey: string;
  now: string;
}

export type RegistrationResult = { ok: true; patientId: number } | { ok: false; reason: 'ticket_invalid' };

/** Patients and their registration. */
export function patientsRepository(db: Db) {
  return {
    /**
     * Consumes the ticket, creates the patient and an empty answer set in one transaction: either
     * all of it is stored or nothing (a ticket used concurrently leaves no patient behind).
     */
    async register(input: Registration): Promise<RegistrationResult> {
      return db.transaction((tx) => {
        const consumed = tx
          .update(botCheckSolutions)
          .set({ usedAt: input.now })
          .where(
            and(
              eq(botCheckSolutions.key, input.ticketKey),
              eq(botCheckSolutions.kind, 'ticket'),
              isNull(botCheckSolutions.usedAt),
              gt(botCheckSolutions.expiresAt, input.now),
            ),
          )
          .run();
        if (consumed.changes !== 1) return { ok: false, reason: 'ticket_invalid' } as const;
        const row = tx
          .insert(patients)
          .values({ ...input.patient, consentAt: input.now, createdAt: input.now })
          .returning({ id: patients.id })
          .get();
        tx.insert(answerSets)
          .values({
            patientId: row.id,
            definitionId: input.definitionId,
            definitionVersion: input.definitionVersion,
            createdAt: input.now,
            updatedAt: input.now,
          })
          .run();
        return { ok: true, patientId: row.id } as const;
      });
    },
    async findWithClient(id: number): Promise<{ patient: PatientRow; client: ClientRow } | undefined> {
      const row = db.select().from(patients).innerJoin(clients, eq(patients.clientId, clients.id)).where(eq(patients.id, id)).get();
      return row ? { patient: row.patients, client: row.clients } : undefined;
    },
  };
}

export type PatientsRepository = ReturnType<typeof patientsRepository>;
