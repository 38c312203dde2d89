// pnpm admin:create --email <adresse>: the first (or another) admin account, and a single-use link
// to choose its password, printed to this terminal only (never to the server's log).
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import app, { serverOptions } from '../src/app';
import { ConfigError, loadConfig } from '../src/config';
import { ADMIN_LINK_TTL_MS, createAdmin } from '../src/accounts';

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

let email: string | undefined;
try {
  ({
    values: { email },
  } = parseArgs({ args: process.argv.slice(2).filter((a) => a !== '--'), options: { email: { type: 'string' } } }));
} catch (err) {
  fail(`${err instanceof Error ? err.message : String(err)}\nUsage : pnpm admin:create --email <adresse>`, 64);
}
if (!email) fail('Usage : pnpm admin:create --email <adresse>', 64);

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) fail(err.message, 78);
  throw err;
}
// Loaded but never made ready: the ready hooks start the e-mail worker and the purge, which
// belong to the server, not to a one-shot command.
const instance = Fastify({ logger: false, ...serverOptions(config) });
await instance.register(app, { config });
try {
  const result = await createAdmin(instance, email);
  if (result.status === 'invalid_email') {
    console.error(`Adresse e-mail invalide : « ${result.email} ».`);
    process.exitCode = 64;
  } else if (result.status === 'not_admin') {
    console.error(
      `L’adresse ${result.email} est celle d’une pharmacie : choisissez une autre adresse pour l’administrateur.`,
    );
    process.exitCode = 1;
  } else {
    console.log(
      `${result.status === 'created' ? 'Compte administrateur créé' : 'Compte administrateur existant'} : ${result.email}\n` +
        `Ouvrez ce lien pour choisir son mot de passe (usage unique, valable ${ADMIN_LINK_TTL_MS / 3600_000} h) :\n${result.link}`,
    );
  }
} finally {
  await instance.close();
}
