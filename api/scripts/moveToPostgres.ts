// pnpm db:move-to-postgres: copies the SQLite database (DATABASE_FILE) into the empty PostgreSQL
// database of DATABASE_URL, whole or not at all. Stop the server first: rows it writes during the
// move would stay behind in SQLite.
import { commandConfig, requireDatabaseFile } from './commandConfig';
import { moveToPostgres } from '../src/db/moveToPostgres';

const config = commandConfig();
if (!config.databaseUrl) {
  console.error(
    'DATABASE_URL manquant : indiquez la base PostgreSQL de destination (postgres://utilisateur:motdepasse@serveur:5432/base).',
  );
  process.exit(78);
}
requireDatabaseFile(config);
try {
  const report = await moveToPostgres(config.databaseFile, config.databaseUrl);
  const rows = report.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `Base déplacée vers PostgreSQL : ${rows} lignes de ${report.tables.length} tables en ${report.ms} ms (${report.tables.map((t) => `${t.table} ${t.rows}`).join(', ')}).`,
  );
  console.log(
    `Les PDF restent dans ${config.pdfDir} : gardez ce dossier (DATA_DIR/pdfs) pour les serveurs sur PostgreSQL. Le fichier SQLite n’est pas modifié au-delà de ses migrations ; gardez-le comme sauvegarde.`,
  );
} catch (err) {
  console.error(
    `Déplacement en échec, rien n’est écrit dans PostgreSQL : ${err instanceof Error ? err.message : String(err)}`,
  );
  process.exitCode = 1;
}
