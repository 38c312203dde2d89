// pnpm db:move-to-postgres: the first release's SQLite file (rows in every table, api/test/fixtures)
// moved into an empty PostgreSQL database: every row of every table, a server on PostgreSQL that
// serves them and numbers new rows after them; a database that is not empty is refused, unchanged.
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { repoRoot } from '../config';
import { TEST_NOW, testConfig } from '../../test/helpers';
import { freshPostgresDatabase } from '../../test/postgresDatabase';
import { openDatabase } from '../db/client';
import { inReferenceOrder, keyColumnOf } from './moveToPostgres';
import { temporaryFolders } from '../../test/temporaryFolders';
import { runCommand } from '../../test/runCommand';
import { createHash } from 'node:crypto';
import { completeFlow, identityFor, injectCall } from '../../test/reliability/patientFlow';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const folders = temporaryFolders('bilan-move-');
const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
  folders.removeAll();
});

const move = (dir: string, file: string, url: string) =>
  runCommand('moveToPostgres', [], { DATA_DIR: dir, DATABASE_FILE: file, DATABASE_URL: url }, 120_000);

describe('moving a SQLite database to PostgreSQL', () => {
  // The move is a process given 120 s (`move` above): the test waits as long, and a server start after it.
  it(
    'copies every row of every table, and a server on PostgreSQL serves them and numbers after them',
    { timeout: 180_000 },
    async () => {
      const dir = folders.make();
      const file = join(dir, 'bilan.sqlite');
      copyFileSync(join(repoRoot, 'api', 'test', 'fixtures', 'first-release.sqlite'), file);
      const url = await freshPostgresDatabase();

      const r = move(dir, file, url);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^Base déplacée vers PostgreSQL : \d+ lignes de 22 tables en \d+ ms/);

      // The moved file as the move left it (migrated, triage filled): each of its tables, row by row.
      const sqlite = openDatabase(file);
      const app = await buildApp({ config: testConfig(dir, { databaseUrl: url }), clock: () => TEST_NOW });
      apps.push(app);
      let rows = 0;
      const counts: Record<string, number> = {};
      try {
        for (const [key, table] of inReferenceOrder()) {
          // The server's own record of the purge it ran at its start.
          if (key === 'jobRuns') continue;
          const before = sqlite.db.select().from(table).orderBy(keyColumnOf(table)).all();
          const target = app.store.tables[key] as unknown as typeof table;
          const after = await app.store.db.select().from(target).orderBy(keyColumnOf(target));
          expect(after, key).toEqual(before);
          rows += before.length;
          counts[key] = before.length;
        }
      } finally {
        sqlite.sqlite.close();
      }
      expect(r.stdout).toContain(`: ${rows} lignes de 22 tables`);
      expect(counts.jobRuns ?? 0).toBe(0);
      // The first release's social security numbers, in clear in its file, arrive sealed.
      const numbers = await app.store.db
        .select({ ssn: app.store.tables.patients.socialSecurityNumber })
        .from(app.store.tables.patients);
      expect(numbers.filter((n) => n.ssn !== null).length).toBeGreaterThan(0);
      for (const { ssn } of numbers) if (ssn !== null) expect(ssn).toMatch(/^ssn:v1:/);
      // The fixture's health data and account rows were there to move (its later tables are empty).
      for (const table of ['accounts', 'patients', 'forms', 'documents', 'emails', 'invitations', 'auditLog'])
        expect(counts[table], table).toBeGreaterThan(0);

      // The first release's pharmacy and its patient's form, served from PostgreSQL.
      const pharmacy = await app.accountsRepository.findByName('pharmacie-avant');
      expect(pharmacy?.displayName).toBeTruthy();
      expect(await app.pharmacyRepository.exportCount(pharmacy?.id as number)).toBeGreaterThan(0);
      // New rows are numbered after the moved ones.
      const max = Math.max(
        ...(await app.store.db.select({ id: app.store.tables.accounts.id }).from(app.store.tables.accounts)).map(
          (a) => a.id,
        ),
      );
      const next = await app.accountsRepository.insert({
        name: 'apres-deplacement',
        displayName: 'Après',
        email: 'apres@pharmacie.test',
        createdAt: TEST_NOW.toISOString(),
      });
      expect(next.id).toBeGreaterThan(max);

      // Moving again into a database that is no longer empty: refused, nothing written.
      const accountsBefore = (await app.store.db.select().from(app.store.tables.accounts)).length;
      const again = move(dir, file, url);
      expect(again.status).toBe(1);
      expect(again.stderr).toContain('la base PostgreSQL n’est pas vide');
      expect((await app.store.db.select().from(app.store.tables.accounts)).length).toBe(accountsBefore);
    },
  );

  it(
    'carries the PDF files into their rows: servers on PostgreSQL need no PDF folder',
    { timeout: 120_000 },
    async () => {
      const dir = folders.make();
      const source = await buildApp({ config: testConfig(dir), clock: () => TEST_NOW });
      const pharmacy = await source.accountsRepository.insert({
        name: 'pharmacie-fichiers',
        displayName: 'Pharmacie des Fichiers',
        email: 'fichiers@pharmacie.test',
        createdAt: TEST_NOW.toISOString(),
      });
      await completeFlow(injectCall(source), pharmacy.id, identityFor(2, '45to50', TEST_NOW), '45to50');
      await source.formPdfs.idle();
      const files = Object.fromEntries(
        await Promise.all(
          (await source.store.db.select().from(source.store.tables.documents)).map(
            async (d) => [d.kind, sha256((await source.pdfStore.get(d.fileKey ?? '')) ?? Buffer.alloc(0))] as const,
          ),
        ),
      );
      expect(Object.keys(files).sort()).toEqual(['bilan', 'questionnaire']);
      await source.close();

      const url = await freshPostgresDatabase();
      const r = move(dir, join(dir, 'bilan.sqlite'), url);
      expect(r.status, r.stderr).toBe(0);
      // A server of its own data folder, without the PDF folder of the SQLite machine.
      const app = await buildApp({ config: testConfig(folders.make(), { databaseUrl: url }), clock: () => TEST_NOW });
      apps.push(app);
      const moved = await app.store.db.select().from(app.store.tables.documents);
      expect(moved.map((d) => d.fileKey)).toEqual([null, null]);
      for (const d of moved) {
        const row = await app.reportsRepository.findById(d.id);
        expect(sha256(row?.content ?? Buffer.alloc(0)), d.kind).toBe(files[d.kind]);
      }
    },
  );

  it('says so when the SQLite file does not exist, before reaching PostgreSQL', () => {
    const dir = folders.make();
    const file = join(dir, 'absente.sqlite');
    // Nothing listens on port 1: a move that went on would fail on the connection instead.
    const r = move(dir, file, 'postgres://bilan:motdepasse@127.0.0.1:1/bilan');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`Base de données introuvable : ${file} (DATABASE_FILE / DATA_DIR)`);
  });
});
