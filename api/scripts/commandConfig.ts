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
