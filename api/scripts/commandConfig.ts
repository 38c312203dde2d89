import { existsSync } from 'node:fs';
import { ConfigError, loadConfig, type Config } from '../src/config';

/**
 * The configuration of a command (backup, move), or its problems printed and the process ended
 * with 78 (EX_CONFIG), as the server does at start.
 */
export function commandConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
}

/** Ends the command with 1 and a message when the SQLite file it reads (DATABASE_FILE) does not exist. */
export function requireDatabaseFile(config: Config): void {
  if (existsSync(config.databaseFile)) return;
  console.error(`Base de données introuvable : ${config.databaseFile} (DATABASE_FILE / DATA_DIR)`);
  process.exit(1);
}
