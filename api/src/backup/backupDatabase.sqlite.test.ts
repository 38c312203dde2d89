import { afterEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { buildApp } from '../app';
import { buildTestApp, TEST_NOW, testConfig, type TestApp } from '../../test/helpers';
import { enableLogin, login } from '../../test/accounts';
import { readForm } from '../../test/readers';
import { BANDS } from '@bilan/fixtures';
import {
  completeFlow,
  identityFor,
  injectCall,
  me,
  registerPatient,
  savePage,
  typicalPages,
} from '../../test/reliability/patientFlow';
import type { FastifyInstance } from 'fastify';
import { pdfBytes } from '../reports/repository';
import { backupDatabase } from './backupDatabase';
import { backupPdfs } from './backupPdfs';
import { temporaryFolders } from '../../test/temporaryFolders';
import { runCommand } from '../../test/runCommand';

const { make: tempDir, removeAll } = temporaryFolders('bilan-backup-');

/** `pnpm backup <dest>` on the database file `file` of DATA_DIR `dataDir`. */
const backupCommand = (dest: string, dataDir: string, file: string) =>
  runCommand('backup', [dest], { DATA_DIR: dataDir, DATABASE_FILE: file });

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  removeAll();
});

/** Each stored PDF of a server: its form, kind and the digest of its bytes, wherever they are kept. */
const documentsOf = async (app: FastifyInstance) => {
  const rows = app.sqlite
    .prepare('SELECT form_id AS id, kind, content, file_key AS fileKey FROM documents ORDER BY form_id, kind')
    .all() as {
    id: number;
    kind: string;
    content: Buffer;
    fileKey: string | null;
  }[];
  return Promise.all(
    rows.map(async (r) => {
      const bytes = await pdfBytes(app.pdfs, r);
      return {
        id: r.id,
        kind: r.kind,
        bytes: bytes?.length,
        sha256: bytes && createHash('sha256').update(bytes).digest('hex'),
      };
    }),
  );
};

describe('backup and restore', () => {
  it('restores a backup taken from the live server into a fresh server, which finds every form', async () => {
    t = await buildTestApp();
    const call = injectCall(t.app);
    const ids: number[] = [];
    for (const [i, band] of BANDS.entries())
      ids.push((await completeFlow(call, t.pharmacy.id, identityFor(i, band, TEST_NOW), band)).patient.userId);
    // The PDFs are rendered just after each answer (reports/storedPdfs.ts).
    await t.app.storedPdfs.idle();
    // One questionnaire still in progress: its saved page is part of the backup too.
    const unfinished = await registerPatient(call, t.pharmacy.id, identityFor(9, '60to65', TEST_NOW), '60to65');
    const first = typicalPages('60to65')[0];
    if (!first) throw new Error('60-65 has no page');
    expect((await savePage(call, unfinished.token, first.section, first.answers)).statusCode).toBe(200);
    ids.push(unfinished.userId);
    // Read from the database: a finished form's patient token is refused (D23).
    const before = ids.map((id) => readForm(t?.config.databaseFile ?? '', id));

    const dest = join(tempDir(), 'copie.sqlite');
    const result = await backupDatabase(t.app.sqlite, dest);
    expect(result.integrity).toBe('ok');
    expect(result.bytes).toBe(statSync(dest).size);
    expect(statSync(dest).mode & 0o077).toBe(0);
    expect(existsSync(`${dest}.partial`)).toBe(false);
    // The PDFs, kept out of the database, are copied beside it after it.
    expect(backupPdfs(t.app.config.pdfDir, `${dest}.pdfs`).files).toBe(2 * BANDS.length);
    expect(statSync(`${dest}.pdfs`).mode & 0o077).toBe(0);
    for (const f of readdirSync(`${dest}.pdfs`)) expect(statSync(join(`${dest}.pdfs`, f)).mode & 0o077).toBe(0);

    // A fresh server over a new data folder whose database and PDFs are the backup's.
    const dir = tempDir();
    const config = testConfig(dir);
    copyFileSync(dest, config.databaseFile);
    cpSync(`${dest}.pdfs`, config.pdfDir, { recursive: true });
    const restored = await buildApp({ config, clock: () => new Date(TEST_NOW) });
    try {
      for (const [i, id] of ids.entries()) expect(readForm(config.databaseFile, id)).toEqual(before[i]);
      // The unfinished questionnaire goes on with its patient token on the restored server.
      expect((await me(injectCall(restored), unfinished.token)).savedPages).toEqual([first.section]);
      const restoredPdfs = await documentsOf(restored);
      expect(restoredPdfs).toEqual(await documentsOf(t.app));
      expect(restoredPdfs).toHaveLength(2 * BANDS.length);
      expect(restoredPdfs.every((d) => (d.bytes ?? 0) > 10_000)).toBe(true);

      // The pharmacist of the restored server lists the four submitted forms.
      await enableLogin(restored, t.pharmacy.id);
      const staff = await login(restored, t.pharmacy.email);
      const list = await restored.inject({
        method: 'GET',
        url: '/api/responses/grouped?month=2026-03',
        headers: { authorization: `Bearer ${staff}` },
      });
      expect(list.statusCode, list.body).toBe(200);
      const listed = (list.json() as { records: { id: number }[] }).records.map((r) => r.id).sort((a, b) => a - b);
      expect(listed).toEqual(ids.filter((_, i) => before[i]?.status === 'submitted').sort((a, b) => a - b));
    } finally {
      await restored.close();
    }
  });

  it('pnpm backup writes a checked copy of the configured database', async () => {
    t = await buildTestApp();
    const call = injectCall(t.app);
    const done = await completeFlow(call, t.pharmacy.id, identityFor(1, '45to50', TEST_NOW), '45to50');
    await t.app.storedPdfs.idle();
    const dest = join(tempDir(), 'sauvegarde.sqlite');
    const r = backupCommand(dest, t.dir, t.config.databaseFile);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('Sauvegarde écrite');
    expect(r.stdout).toContain('intégrité : ok');
    // Its two PDFs, once rendered, beside the copy.
    expect(r.stdout).toMatch(/ 2 PDF dans /);
    expect(readdirSync(`${dest}.pdfs`).sort()).toEqual(
      readdirSync(t.app.config.pdfDir)
        .filter((f) => f.endsWith('.pdf'))
        .sort(),
    );
    const copy = new Database(dest, { readonly: true });
    try {
      const row = copy.prepare('SELECT status FROM forms WHERE patient_id = ?').get(done.patient.userId);
      expect(row).toEqual({ status: 'submitted' });
    } finally {
      copy.close();
    }
    // A second run to the same destination is refused rather than overwriting.
    const again = backupCommand(dest, t.dir, t.config.databaseFile);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('La destination existe déjà');
  });

  it('pnpm backup says so when the configured database file does not exist, and writes nothing', () => {
    const dir = tempDir();
    const destinations = tempDir();
    const r = backupCommand(join(destinations, 'sauvegarde.sqlite'), dir, join(dir, 'absente.sqlite'));
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(
      `Base de données introuvable : ${join(dir, 'absente.sqlite')} (DATABASE_FILE / DATA_DIR)`,
    );
    expect(readdirSync(destinations)).toEqual([]);
    expect(existsSync(join(dir, 'absente.sqlite'))).toBe(false);
  });
});
