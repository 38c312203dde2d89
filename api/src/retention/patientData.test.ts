import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { afterEach, describe, expect, it } from 'vitest';
import * as schema from '../db/schema';
import { auth, buildTestApp, TEST_NOW, type TestApp } from '../../test/helpers';
import { enableLogin, login, submittedForm } from '../../test/accounts';
import { sqlGet } from '../../test/sql';
import { PATIENT_DATA } from './patientData';
import { purgeExpired } from './purge';

const LINKS = new Set(['patients', 'forms', 'plans']);
const OF_FORMS = 'form_id IN (SELECT id FROM forms WHERE patient_id = ?)';
/** How the rows of one patient are found in each table declared: a new table needs its line. */
const ROWS_OF: Record<string, string> = {
  patients: 'id = ?',
  forms: 'patient_id = ?',
  documents: OF_FORMS,
  plans: OF_FORMS,
  plan_versions: `plan_id IN (SELECT id FROM plans WHERE ${OF_FORMS})`,
  emails: 'patient_id = ?',
  audit_log: 'patient_id = ?',
  acts: 'patient_id = ?',
};

/** The tables holding a patient's data: patients, and every table with a patient, form or plan column or reference. */
function patientDataTables(): string[] {
  return (Object.values(schema) as unknown[])
    .filter((t): t is SQLiteTable => t instanceof SQLiteTable)
    .map((t) => getTableConfig(t))
    .filter(
      (c) =>
        c.name === 'patients' ||
        c.columns.some((col) => /^(patient|form|plan)_id$/.test(col.name)) ||
        c.foreignKeys.some((fk) => LINKS.has(getTableConfig(fk.reference().foreignTable).name)),
    )
    .map((c) => c.name)
    .sort();
}

describe('the tables that hold patient data', () => {
  it('are each purged with their patient, purged as technical records, or kept for a stated reason', () => {
    const tables = patientDataTables();
    // Read from the schema: the patient's own tables are found.
    expect(tables).toEqual(expect.arrayContaining(['patients', 'forms', 'documents', 'plans', 'plan_versions']));
    expect(tables.filter((table) => !(table in PATIENT_DATA))).toEqual([]);
    // Nothing declared that no longer exists, and every table kept says why.
    expect(Object.keys(PATIENT_DATA).filter((table) => !tables.includes(table))).toEqual([]);
    for (const [table, fate] of Object.entries(PATIENT_DATA))
      if (fate.rule === 'kept') expect(fate.why.length, table).toBeGreaterThan(20);
  });

  describe('after a patient’s retention period', () => {
    let t: TestApp;
    afterEach(async () => {
      await t.close();
    });

    it('leaves no row of that patient in a table declared with-patient, and keeps the others', async () => {
      t = await buildTestApp();
      await enableLogin(t.app, t.pharmacy.id);
      const { patientId } = await submittedForm(t.app, t.pharmacy.id, {
        lastName: 'Ancien',
        firstName: 'Paul',
        submittedAt: '2022-01-10T08:00:00.000Z',
      });
      const token = await login(t.app, t.pharmacy.email);
      // Its PDFs, a plan with a finalized version, an e-mail naming it, audit entries.
      for (const path of [`/api/pdf-download/${patientId}/bilan`]) {
        const res = await t.app.inject({ method: 'GET', url: path, headers: auth(token) });
        expect(res.statusCode, path).toBe(200);
      }
      const view = (
        await t.app.inject({ method: 'GET', url: `/api/forms/${patientId}/plan`, headers: auth(token) })
      ).json<{ topics: { key: string }[] }>();
      const topic = view.topics[0]?.key as string;
      const saved = await t.app.inject({
        method: 'PUT',
        url: `/api/forms/${patientId}/plan`,
        headers: auth(token),
        payload: {
          revision: 0,
          content: {
            priorities: [{ topic, actions: [], goal: 'Marcher.', obstacles: '', followUp: null, onPatientCopy: true }],
            notes: 'Vu au comptoir.',
            choices: { copyHandedOver: null, doctorTransmission: null, mesDeposit: null },
          },
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const finalized = await t.app.inject({
        method: 'POST',
        url: `/api/forms/${patientId}/plan/finalize`,
        headers: auth(token),
        payload: { revision: 1 },
      });
      expect(finalized.statusCode, finalized.body).toBe(200);
      // The act of its consultation (D34): the pharmacy's department sets its amount.
      const settings = await t.app.inject({
        method: 'PUT',
        url: '/api/dashboard/settings',
        headers: auth(token),
        payload: { address: '', phone: '', department: '69' },
      });
      expect(settings.statusCode, settings.body).toBe(200);
      const act = await t.app.inject({ method: 'POST', url: `/api/forms/${patientId}/acts`, headers: auth(token) });
      expect(act.statusCode, act.body).toBe(201);
      await t.app.mailer.enqueue({
        kind: 'patient_confirmation',
        to: 'paul.ancien@example.fr',
        subject: 'Votre bilan',
        text: 'Bonjour',
        patientId,
      });

      const rowsOf = async () =>
        Object.fromEntries(
          await Promise.all(
            Object.keys(PATIENT_DATA).map(
              async (table) =>
                [
                  table,
                  (
                    (await sqlGet(
                      t.app,
                      `SELECT count(*) AS n FROM ${table} WHERE ${ROWS_OF[table] ?? 'false'}`,
                      patientId,
                    )) as { n: number }
                  ).n,
                ] as const,
            ),
          ),
        );
      expect(Object.keys(PATIENT_DATA).filter((table) => !(table in ROWS_OF))).toEqual([]);
      const before = await rowsOf();
      for (const table of Object.keys(PATIENT_DATA)) expect(before[table], table).toBeGreaterThan(0);

      // Four years after the submission, past the default 36 months; technical records (written
      // today) are left to their own 13 months, out of this test's reach.
      await purgeExpired(t.app.store, { now: TEST_NOW, technicalMonths: 1000 });
      const after = await rowsOf();
      for (const [table, fate] of Object.entries(PATIENT_DATA))
        if (fate.rule === 'with-patient') expect(after[table], table).toBe(0);
        else expect(after[table], table).toBe(before[table]);
    });
  });
});
