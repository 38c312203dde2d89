// pnpm db:move-to-postgres: copies the SQLite database (DATABASE_FILE) into the empty PostgreSQL
// database of DATABASE_URL, whole or not at all. Stop the server first: rows it writes during the
// move would stay behind in SQLite.
import { commandConfig, requireDatabaseFile } from './commandConfig';
import { moveToPostgres } from '../src/backup/moveToPostgres';
import { ssnSealerOf } from '../src/patient';

const config = commandConfig();
if (!config.databaseUrl) {
  console.error(
    'DATABASE_URL manquant : indiquez la base PostgreSQL de destination (postgres://utilisateur:motdepasse@serveur:5432/base).',
  );
  process.exit(78);
}
requireDatabaseFile(config);
try {
  const report = await moveToPostgres(config.databaseFile, config.databaseUrl, config.pdfDir, ssnSealerOf(config));
  const rows = report.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `Base déplacée vers PostgreSQL : ${rows} lignes de ${report.tables.length} tables en ${report.ms} ms (${report.tables.map((t) => `${t.table} ${t.rows}`).join(', ')}).`,
  );
  console.log(
    `Les PDF de ${config.pdfDir} sont dans PostgreSQL, avec leurs formulaires : les serveurs n’ont pas besoin de ce dossier. Le fichier SQLite et le dossier des PDF ne sont pas modifiés au-delà des migrations (numéros de sécurité sociale chiffrés compris) ; gardez-les comme sauvegarde.`,
  );
} catch (err) {
  console.error(
    `Déplacement en échec, rien n’est écrit dans PostgreSQL : ${err instanceof Error ? err.message : String(err)}`,
  );
  process.exitCode = 1;
}
