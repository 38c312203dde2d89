import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { backupDatabase } from './backupDatabase';
import { temporaryFolders } from '../../test/temporaryFolders';
import { runCommand } from '../../test/runCommand';

const { make: tempDir, removeAll } = temporaryFolders('bilan-backup-');

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  removeAll();
});

describe('SQLite’s online copy (the backup’s first step)', () => {
  it('is one checked file, owner-only, that opens without leaving -wal or -shm beside it', async () => {
    t = await buildTestApp();
    const folder = tempDir();
    const dest = join(folder, 'copie.sqlite');
    const result = await backupDatabase(t.app.sqlite, dest);
    expect(result.integrity).toBe('ok');
    expect(result.bytes).toBe(statSync(dest).size);
    expect(statSync(dest).mode & 0o077).toBe(0);
    const copy = new Database(dest, { readonly: true });
    try {
      expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
      expect((copy.prepare('SELECT count(*) AS n FROM accounts').get() as { n: number }).n).toBe(2);
    } finally {
      copy.close();
    }
    expect(readdirSync(folder)).toEqual(['copie.sqlite']);
    expect(existsSync(`${dest}.partial`)).toBe(false);
  });

  it(
    'pnpm backup says so when the configured database file does not exist, and writes nothing',
    { timeout: 60_000 },
    () => {
      const dir = tempDir();
      const destinations = tempDir();
      const r = runCommand('backup', [join(destinations, 'sauvegarde')], {
        DATA_DIR: dir,
        DATABASE_FILE: join(dir, 'absente.sqlite'),
        BACKUP_KEY: 'cle-de-sauvegarde-du-test-assez-longue-0123456789',
      });
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(
        `Base de données introuvable : ${join(dir, 'absente.sqlite')} (DATABASE_FILE / DATA_DIR)`,
      );
      expect(readdirSync(destinations)).toEqual([]);
      expect(existsSync(join(dir, 'absente.sqlite'))).toBe(false);
    },
  );

  it('pnpm backup refuses to run without BACKUP_KEY: a backup is never written in clear', { timeout: 60_000 }, () => {
    const dir = tempDir();
    const destinations = tempDir();
    const r = runCommand('backup', [join(destinations, 'sauvegarde')], { DATA_DIR: dir, BACKUP_KEY: '' });
    expect(r.status).toBe(78);
    expect(r.stderr).toContain('BACKUP_KEY manquant');
    expect(readdirSync(destinations)).toEqual([]);
  });
});
