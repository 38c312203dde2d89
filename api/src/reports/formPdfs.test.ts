import { describe, expect, it, vi } from 'vitest';
import { fixtureOf } from '@bilan/fixtures';
import { buildApp } from '../app';
import { auth, onPostgres, registerPatient, TEST_NOW, testConfig, sameDatabase } from '../../test/helpers';
import { eachAppWithPharmacyLogin, login } from '../../test/accounts';
import { pdfText } from '../../test/pdfText';
import { pdfBytes } from './repository';
import { sqlAll, sqlGet, sqlRun } from '../../test/sql';

const t = eachAppWithPharmacyLogin();

const documentCount = async () => ((await sqlGet(t.app, 'SELECT count(*) AS n FROM documents')) as { n: number }).n;

/** A patient who answers every page of the typical 45-50 set and sends. */
async function finishedPatient(lastName = 'Rapide'): Promise<number> {
  const { token, userId } = await registerPatient(t, { nom: lastName });
  for (const [pageKey, reponses] of Object.entries(fixtureOf('45to50', 'typical').answers ?? {})) {
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: '/api/utilisateur/me/responses',
          headers: auth(token),
          payload: { pageKey, reponses },
        })
      ).statusCode,
    ).toBe(200);
  }
  const done = await t.app.inject({ method: 'POST', url: '/api/utilisateur/me/submit', headers: auth(token) });
  expect(done.statusCode, done.body).toBe(200);
  return userId;
}

describe('the PDFs of a submitted form, rendered after the answer', () => {
  it('answers the finishing call before the PDFs exist, then stores both once', async () => {
    const renders = vi.spyOn(t.app.pdfRenderer, 'both');
    const id = await finishedPatient();
    expect(await documentCount()).toBe(0);
    await t.app.formPdfs.idle();
    expect(renders).toHaveBeenCalledTimes(1);
    expect(await documentCount()).toBe(2);
    // Asking again renders nothing: both are stored.
    await t.app.formPdfs.ensure(id);
    expect(renders).toHaveBeenCalledTimes(1);
  });

  it('lets a download that comes before the rendering wait for it, with one render for two downloads', async () => {
    const renders = vi.spyOn(t.app.pdfRenderer, 'both');
    const token = await login(t.app, t.pharmacy.email);
    const id = await finishedPatient('Pressé');
    const [bilan, questionnaire] = await Promise.all([
      t.app.inject({ method: 'GET', url: `/api/pdf-download/${id}/bilan`, headers: auth(token) }),
      t.app.inject({ method: 'GET', url: `/api/pdf-download/${id}/formulaire`, headers: auth(token) }),
    ]);
    expect(bilan.statusCode, bilan.body).toBe(200);
    expect(questionnaire.statusCode).toBe(200);
    expect(pdfText(bilan.rawPayload)).toMatch(/Pressé/i);
    expect(renders).toHaveBeenCalledTimes(1);
    expect(await documentCount()).toBe(2);
  });

  it('renders at the next start the PDFs a stop cut off, one form at a time, dated as the submission', async () => {
    await finishedPatient('Coupé');
    await finishedPatient('Coupée');
    await t.app.formPdfs.idle();
    const submittedAt = ((await sqlGet(t.app, 'SELECT submitted_at AS at FROM forms')) as { at: string }).at;
    await sqlRun(t.app, 'DELETE FROM documents');
    const config = t.app.config;
    await t.app.close();
    // A later day: the PDFs still print the day the patient sent the answers.
    const later = new Date(TEST_NOW.getTime() + 3 * 86_400_000);
    const again = await buildApp({ config: testConfig(config.dataDir, sameDatabase(config)), clock: () => later });
    try {
      await again.ready();
      // In turn: the first form's render is under way, not the second's.
      while (again.formPdfs.pending() === 0) await new Promise((r) => setTimeout(r, 5));
      expect(again.formPdfs.pending()).toBe(1);
      await again.formPdfs.idle();
      const docs = await sqlAll<{ kind: string; content: Buffer; fileKey: string | null }>(
        again,
        'SELECT kind, content, file_key AS "fileKey" FROM documents ORDER BY form_id, kind',
      );
      expect(docs.map((d) => d.kind)).toEqual(['bilan', 'questionnaire', 'bilan', 'questionnaire']);
      const day = new Intl.DateTimeFormat('fr-FR', {
        timeZone: 'Europe/Paris',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
      }).format(new Date(submittedAt));
      // SQLite: kept in the PDF folder, not in the row; PostgreSQL: in the row, no file.
      if (onPostgres()) {
        expect(docs[0]?.fileKey).toBeNull();
        expect(docs[0]?.content.length).toBeGreaterThan(10_000);
      } else expect(docs[0]?.content.length).toBe(0);
      expect(pdfText((await pdfBytes(again.pdfStore, docs[0] as (typeof docs)[number])) ?? Buffer.alloc(0))).toContain(
        day,
      );
    } finally {
      await again.close();
    }
  });

  it('leaves the catch-up to the server that holds its lease, and takes it once that one is gone', async () => {
    await finishedPatient('Partagée');
    await t.app.formPdfs.idle();
    await sqlRun(t.app, 'DELETE FROM documents');
    // Another server of the same base is catching up.
    expect(await t.app.jobs.take('pdf-catch-up', 5 * 60_000)).toBe(true);
    const config = testConfig(t.app.config.dataDir, sameDatabase(t.app.config));
    const second = await buildApp({ config, clock: () => TEST_NOW });
    try {
      await second.ready();
      expect(second.formPdfs.pending()).toBe(0);
      await second.formPdfs.idle();
      expect(await documentCount()).toBe(0);
    } finally {
      await second.close();
    }
    // Its lease run out (a server stopped mid-way): the next server to start renders them.
    const third = await buildApp({ config, clock: () => new Date(TEST_NOW.getTime() + 5 * 60_000 + 1) });
    try {
      await third.ready();
      await third.formPdfs.idle();
      expect(await documentCount()).toBe(2);
      // And gave the lease back.
      expect(await sqlGet(third, "SELECT count(*) AS n FROM job_leases WHERE name = 'pdf-catch-up'")).toEqual({ n: 0 });
    } finally {
      await third.close();
    }
  });
});
