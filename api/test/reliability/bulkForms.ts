// Bulk data for `pnpm bench`: pharmacies and submitted forms written straight into SQLite in one
// transaction (the routes would take hours for 100,000 forms), with the typical fixtures' answers.
import Database from 'better-sqlite3';
import { createHmac, randomUUID } from 'node:crypto';
import type { Answers, BandCode } from '@bilan/engine';
import { BANDS, fixtureOf } from '@bilan/fixtures';
import { latestDefinition } from '../../src/questionnaire/definitions';
import { formTriageOf, storedTriage } from '../../src/questionnaire/triage';
import { birthDateForBand } from './patientFlow';
import type { FastifyInstance } from 'fastify';

export interface BulkPlan {
  /** Forms of each pharmacy: the first one of the list is the export's pharmacy. */
  formsPerPharmacy: number[];
  now: Date;
  /** Submissions spread over this many days before `now`. */
  spreadDays: number;
  /**
   * Stores a few bytes as each form's two PDFs: a server started on the base then has none to
   * render (the bench restarts one on 100,000 forms; real PDFs would weigh 16 GB).
   */
  placeholderDocuments?: boolean;
}

export interface BulkResult {
  pharmacyIds: number[];
  forms: number;
  ms: number;
}

export function insertBulkForms(file: string, plan: BulkPlan): BulkResult {
  const started = Date.now();
  const db = new Database(file);
  db.pragma('busy_timeout = 10000');
  const answers = Object.fromEntries(
    BANDS.map((band) => {
      const typical = fixtureOf(band, 'typical');
      return [band, JSON.stringify(typical.expected.normalized)];
    }),
  ) as Record<BandCode, string>;
  const parsed = Object.fromEntries(
    BANDS.map((band) => [band, fixtureOf(band, 'typical').expected.normalized]),
  ) as Record<BandCode, Answers>;
  const saved = Object.fromEntries(
    BANDS.map((b) => [b, JSON.stringify(latestDefinition(b).pages.map((p) => p.section))]),
  ) as Record<BandCode, string>;
  const insertPharmacy = db.prepare(
    "INSERT INTO accounts (name, display_name, email, role, created_at) VALUES (?, ?, ?, 'pharmacy', ?)",
  );
  const insertPatient = db.prepare(
    'INSERT INTO patients (pharmacy_id, civility, last_name, first_name, birth_date, email, social_security_number, band, consent_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertForm = db.prepare(
    "INSERT INTO forms (patient_id, pharmacy_id, definition_id, definition_version, answers, saved_sections, status, created_at, updated_at, submitted_at, submitted_month, priority_count, priority_flags, triage_rank, triage_key) VALUES (?, ?, ?, ?, ?, ?, 'submitted', ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const insertDocument = db.prepare(
    'INSERT INTO documents (form_id, kind, content, bytes, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const placeholder = Buffer.from('%PDF-1.4 placeholder of the bench\n');
  const nowIso = plan.now.toISOString();
  let forms = 0;
  const pharmacyIds: number[] = [];
  db.transaction(() => {
    plan.formsPerPharmacy.forEach((count, p) => {
      const tag = randomUUID().slice(0, 8);
      const pharmacyId = Number(
        insertPharmacy.run(
          `pharmacie-bench-${p}-${tag}`,
          `Pharmacie de banc ${p}`,
          `bench-${p}-${tag}@pharmacie.test`,
          nowIso,
        ).lastInsertRowid,
      );
      pharmacyIds.push(pharmacyId);
      for (let i = 0; i < count; i++) {
        const band = BANDS[(p + i) % BANDS.length] as BandCode;
        const def = latestDefinition(band);
        const at = new Date(
          plan.now.getTime() - ((i * 7919 + p * 104729) % (plan.spreadDays * 1440)) * 60_000,
        ).toISOString();
        const civility = i % 2 ? 'Monsieur' : 'Madame';
        const birthDate = birthDateForBand(band, plan.now);
        const patientId = Number(
          insertPatient.run(
            pharmacyId,
            civility,
            `Nom${i}`,
            `Prénom${i}`,
            birthDate,
            `p${p}-${i}@example.fr`,
            null,
            band,
            at,
            at,
          ).lastInsertRowid,
        );
        // Stored as the finishing call stores it (questionnaire/triage.ts).
        const triage = storedTriage(
          formTriageOf({
            definition: def,
            answers: parsed[band],
            date: new Date(at),
            patient: { civility, birthDate },
          }),
        );
        const formId = insertForm.run(
          patientId,
          pharmacyId,
          def.id,
          def.version,
          answers[band],
          saved[band],
          at,
          at,
          at,
          triage.submittedMonth,
          triage.priorityCount,
          triage.priorityFlags,
          triage.triageRank,
          triage.triageKey,
        ).lastInsertRowid;
        if (plan.placeholderDocuments)
          for (const kind of ['questionnaire', 'bilan'])
            insertDocument.run(formId, kind, placeholder, placeholder.length, at);
        forms += 1;
      }
    });
  })();
  db.close();
  return { pharmacyIds, forms, ms: Date.now() - started };
}

/** A person whose form a test places in a pharmacy's list. */
export interface ListedPerson {
  lastName: string;
  firstName: string;
  submittedAt: string;
  band?: BandCode;
}

/** What a listed person's patient and submitted form hold (the typical answers of their band), with the triage the finishing call stores. */
function listedRows(person: ListedPerson, i: number, pharmacyId: number, now: Date) {
  const band = person.band ?? '45to50';
  const def = latestDefinition(band);
  const answers = fixtureOf(band, 'typical').expected.normalized;
  const birthDate = birthDateForBand(band, now);
  const at = person.submittedAt;
  const triage = storedTriage(
    formTriageOf({ definition: def, answers, date: new Date(at), patient: { civility: 'Madame', birthDate } }),
  );
  return {
    patient: {
      pharmacyId,
      civility: 'Madame',
      lastName: person.lastName,
      firstName: person.firstName,
      birthDate,
      email: `listed${i}@example.fr`,
      band,
      consentAt: at,
      createdAt: at,
    },
    form: {
      pharmacyId,
      definitionId: def.id,
      definitionVersion: def.version,
      answers: JSON.stringify(answers),
      savedSections: JSON.stringify(def.pages.map((p) => p.section)),
      status: 'submitted' as const,
      createdAt: at,
      updatedAt: at,
      submittedAt: at,
      ...triage,
    },
  };
}

/**
 * Submitted forms of given people in an existing pharmacy (the typical answers of their band),
 * stored with their triage as the finishing call stores them: the end-to-end tests' full lists,
 * written into a running server's SQLite file.
 */
export function insertFormsOf(file: string, pharmacyId: number, people: readonly ListedPerson[], now: Date): number[] {
  const db = new Database(file);
  db.pragma('busy_timeout = 10000');
  const insertPatient = db.prepare(
    'INSERT INTO patients (pharmacy_id, civility, last_name, first_name, birth_date, email, band, consent_at, created_at) VALUES (@pharmacyId, @civility, @lastName, @firstName, @birthDate, @email, @band, @consentAt, @createdAt)',
  );
  const insertForm = db.prepare(
    'INSERT INTO forms (patient_id, pharmacy_id, definition_id, definition_version, answers, saved_sections, status, created_at, updated_at, submitted_at, submitted_month, priority_count, priority_flags, triage_rank, triage_key) VALUES (@patientId, @pharmacyId, @definitionId, @definitionVersion, @answers, @savedSections, @status, @createdAt, @updatedAt, @submittedAt, @submittedMonth, @priorityCount, @priorityFlags, @triageRank, @triageKey)',
  );
  const ids = db.transaction(() =>
    people.map((person, i) => {
      const rows = listedRows(person, i, pharmacyId, now);
      const patientId = Number(insertPatient.run(rows.patient).lastInsertRowid);
      insertForm.run({ ...rows.form, patientId });
      return patientId;
    }),
  )();
  db.close();
  return ids;
}

/** The same forms written through a test app's store, on whichever database it runs (SQLite or PostgreSQL). */
export async function insertFormsThrough(
  app: FastifyInstance,
  pharmacyId: number,
  people: readonly ListedPerson[],
  now: Date,
): Promise<number[]> {
  const { patients, forms } = app.store.tables;
  return app.store.transaction(async (tx) => {
    const ids: number[] = [];
    for (const [i, person] of people.entries()) {
      const rows = listedRows(person, i, pharmacyId, now);
      const [patient] = await tx.insert(patients).values(rows.patient).returning({ id: patients.id });
      if (!patient) throw new Error('insertFormsThrough: no patient row');
      await tx.insert(forms).values({ ...rows.form, patientId: patient.id });
      ids.push(patient.id);
    }
    return ids;
  });
}

/**
 * A staff session for a benchmark: the session row the server checks, and an HS256 token signed
 * with the server's JWT secret, as the login would issue after its second factor.
 */
export function mintStaffToken(file: string, jwtSecret: string, accountId: number, now = new Date()): string {
  const db = new Database(file);
  db.pragma('busy_timeout = 10000');
  const account = db.prepare('SELECT role, token_version AS ver FROM accounts WHERE id = ?').get(accountId) as
    { role: string; ver: number } | undefined;
  if (!account) throw new Error(`no account ${accountId}`);
  const jti = randomUUID();
  const exp = new Date(now.getTime() + 8 * 3600_000);
  db.prepare('INSERT INTO staff_sessions (jti, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)').run(
    jti,
    accountId,
    now.toISOString(),
    exp.toISOString(),
  );
  db.close();
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const head = `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc({ kind: 'staff', sub: accountId, role: account.role, ver: account.ver, jti, iat: Math.floor(now.getTime() / 1000), exp: Math.floor(exp.getTime() / 1000) })}`;
  return `${head}.${createHmac('sha256', jwtSecret).update(head).digest('base64url')}`;
}

/** The id of the seeded admin account. */
export function firstAdminId(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    const row = db.prepare("SELECT id FROM accounts WHERE role = 'admin' ORDER BY id LIMIT 1").get() as
      { id: number } | undefined;
    if (!row) throw new Error('no admin account');
    return row.id;
  } finally {
    db.close();
  }
}
