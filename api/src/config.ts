import { existsSync } from 'node:fs';
import { basename, dirname, isAbsolute, resolve } from 'node:path';
import { completeSecrets, secretsFromEnv } from './secrets';
import { unknownVariables } from './environment';
import { trustProxyOf } from './trustProxy';
import type { BotCheckProviderName, Config, LegalFacts, NodeEnv } from './configShape';
import { envReader, isUrlOf, type Env } from './envReader';
import { fileURLToPath } from 'node:url';
import { BlockList, isIP } from 'node:net';

/**
 * The code's own root: the repository when run from the source, the release folder when run from
 * a build (`releases/<id>/api/dist`, two levels down). Its web app and migrations are the ones
 * this code was built with.
 */
export const codeRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/**
 * The checkout: relative paths of the configuration (DATA_DIR...) are read from here, whatever the
 * cwd. A release lives in `<checkout>/releases/<id>` and shares the checkout's data with the others.
 */
export const repoRoot = basename(dirname(codeRoot)) === 'releases' ? resolve(codeRoot, '..', '..') : codeRoot;

export type { Config, LegalFacts, Pricing } from './configShape';

/** pino's levels: LOG_LEVEL must be one of them. */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration invalide / invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function fromRoot(p: string): string {
  return isAbsolute(p) ? p : resolve(repoRoot, p);
}

/**
 * Reads the configuration from the environment. Every bad value is reported (all at once, in
 * French and English), so that a first start tells the operator exactly what to fix.
 */
export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const problems: string[] = [];
  for (const { name, meant } of unknownVariables(env)) {
    problems.push(
      meant
        ? `${name} : variable inconnue, vouliez-vous dire ${meant} ? (unknown variable ${name}: did you mean ${meant}?)`
        : `${name} : variable inconnue de Bilan Prévention, voir api/README.md (unknown variable ${name}, see api/README.md)`,
    );
  }
  const { text, int, bool } = envReader(env, problems);

  const nodeEnvRaw = text('NODE_ENV') ?? 'development';
  let nodeEnv: NodeEnv = 'development';
  if (nodeEnvRaw === 'production' || nodeEnvRaw === 'development' || nodeEnvRaw === 'test') nodeEnv = nodeEnvRaw;
  else
    problems.push(
      `NODE_ENV : « production », « development » ou « test » attendu, reçu « ${nodeEnvRaw} » (NODE_ENV must be production, development or test)`,
    );
  const production = nodeEnv === 'production';

  const host = text('HOST') ?? '127.0.0.1';
  const port = int('PORT', 3000, 0, 65535);

  let publicUrl = text('PUBLIC_URL') ?? `http://${host.includes(':') ? `[${host}]` : host}:${port || 3000}`;
  if (isUrlOf(publicUrl, ['http:', 'https:'])) publicUrl = publicUrl.replace(/\/+$/, '');
  else
    problems.push(`PUBLIC_URL : adresse http(s) attendue, reçu « ${publicUrl} » (PUBLIC_URL must be an http(s) URL)`);

  const dataDirSetting = text('DATA_DIR');
  const dataDir = fromRoot(dataDirSetting ?? 'data');
  // A folder named on purpose must exist: a typo or a volume not mounted would otherwise start an
  // empty server beside the real data. The default one (data/ in the checkout) is created.
  if (dataDirSetting !== null && !existsSync(dataDir))
    problems.push(
      `DATA_DIR : le dossier ${dataDir} n’existe pas ; créez-le (install -d -m 700 ${dataDir}) ou corrigez le chemin (DATA_DIR does not exist)`,
    );
  const backupKey = text('BACKUP_KEY');
  if (backupKey !== null && backupKey.length < 32)
    problems.push(
      'BACKUP_KEY : au moins 32 caractères attendus, par exemple « openssl rand -base64 48 » (BACKUP_KEY must be at least 32 characters)',
    );
  const logLevel = (text('LOG_LEVEL') ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel))
    problems.push(
      `LOG_LEVEL : ${LOG_LEVELS.join(', ')} attendu, reçu « ${logLevel} » (LOG_LEVEL must be one of pino's levels)`,
    );
  const databaseFile = fromRoot(text('DATABASE_FILE') ?? resolve(dataDir, 'bilan.sqlite'));
  const databaseUrl = text('DATABASE_URL');
  // The URL may hold a password: the message names the variable, not its value.
  if (databaseUrl !== null && !isUrlOf(databaseUrl, ['postgres:', 'postgresql:'])) {
    problems.push(
      'DATABASE_URL : adresse postgres://utilisateur:motdepasse@serveur:5432/base attendue (DATABASE_URL must be a postgres:// URL)',
    );
  }

  const secrets = secretsFromEnv(text);
  problems.push(...secrets.problems);
  const previousSsnKey = text('SSN_ENCRYPTION_KEY_PREVIOUS');
  if (previousSsnKey !== null && previousSsnKey.length < 32)
    problems.push(
      'SSN_ENCRYPTION_KEY_PREVIOUS : au moins 32 caractères attendus (SSN_ENCRYPTION_KEY_PREVIOUS must be at least 32 characters)',
    );

  const smtpUrl = text('SMTP_URL');
  if (smtpUrl !== null && !isUrlOf(smtpUrl, ['smtp:', 'smtps:'])) {
    problems.push(`SMTP_URL : adresse smtp:// ou smtps:// attendue (SMTP_URL must be an smtp:// or smtps:// URL)`);
  }

  const providerRaw = (text('BOT_CHECK_PROVIDER') ?? 'altcha').toLowerCase();
  let botCheckProvider: BotCheckProviderName = 'altcha';
  if (providerRaw === 'altcha' || providerRaw === 'recaptcha') botCheckProvider = providerRaw;
  else
    problems.push(
      `BOT_CHECK_PROVIDER : « altcha » ou « recaptcha » attendu, reçu « ${providerRaw} » (BOT_CHECK_PROVIDER must be altcha or recaptcha)`,
    );
  const recaptchaSecret = text('RECAPTCHA_SECRET');
  const recaptchaSiteKey = text('RECAPTCHA_SITE_KEY');
  if (botCheckProvider === 'recaptcha' && (recaptchaSecret === null || recaptchaSiteKey === null)) {
    problems.push(
      'RECAPTCHA_SECRET et RECAPTCHA_SITE_KEY sont requis avec BOT_CHECK_PROVIDER=recaptcha (RECAPTCHA_SECRET and RECAPTCHA_SITE_KEY are required for reCAPTCHA)',
    );
  }

  const adminEmail = (text('ADMIN_EMAIL') ?? 'admin@bilan-prevention.local').toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(adminEmail)) {
    problems.push(
      `ADMIN_EMAIL : adresse e-mail attendue, reçu « ${adminEmail} » (ADMIN_EMAIL must be an e-mail address)`,
    );
  }
  for (const name of ['ADMIN_PASSWORD', 'DEMO_PHARMACY_PASSWORD'] as const) {
    const v = text(name);
    if (v !== null && v.length < 12)
      problems.push(`${name} : au moins 12 caractères attendus (${name} must be at least 12 characters)`);
  }

  const metricsPort = text('METRICS_PORT') === null ? null : int('METRICS_PORT', 0, 0, 65535);

  const config: Config = {
    nodeEnv,
    host,
    port,
    publicUrl,
    logLevel,
    dataDir,
    diskMinFreeBytes: int('DISK_MIN_FREE_MB', 500, 0, 10_000_000) * 1024 * 1024,
    backupDir: fromRoot(text('BACKUP_DIR') ?? 'backups'),
    backupKey,
    purgeHour: int('PURGE_HOUR', 3, 0, 23),
    databaseFile,
    databaseUrl,
    databasePool: int('DATABASE_POOL', 10, 1, 1000),
    outboxDir: resolve(dataDir, 'outbox'),
    pdfDir: resolve(dataDir, 'pdfs'),
    webDist: fromRoot(text('WEB_DIST') ?? resolve(codeRoot, 'web', 'dist')),
    jwtSecret: '',
    codeHashKey: '',
    mailEncryptionKey: '',
    ssnEncryptionKey: '',
    ssnEncryptionKeyPrevious: previousSsnKey,
    patientTokenTtl: int('PATIENT_TOKEN_TTL', 12 * 3600, 60, 7 * 24 * 3600),
    // The screen asks « Vous êtes toujours là ? » after 3 minutes and hides the answers 60 s later;
    // the page's « still here » call comes at most once a minute: 5 minutes never lock an active person.
    patientPauseSeconds: int('PATIENT_PAUSE_SECONDS', 300, 60, 24 * 3600),
    smtpUrl,
    mailFrom: text('MAIL_FROM') ?? 'Bilan Prévention <no-reply@bilan-prevention.local>',
    mailRetryBaseMs: int('MAIL_RETRY_BASE_MS', 30_000, 10, 24 * 3600_000),
    mailRetryMaxMs: int('MAIL_RETRY_MAX_MS', 3600_000, 10, 24 * 3600_000),
    mailMaxAttempts: int('MAIL_MAX_ATTEMPTS', 10, 1, 100),
    mailPollMs: int('MAIL_POLL_MS', 5_000, 10, 3600_000),
    botCheckProvider,
    recaptchaSecret,
    recaptchaSiteKey,
    recaptchaVerifyUrl: text('RECAPTCHA_VERIFY_URL') ?? 'https://www.google.com/recaptcha/api/siteverify',
    altchaHmacKey: '',
    altchaMaxNumber: int('ALTCHA_MAX_NUMBER', 20_000, 1, 10_000_000),
    altchaCost: int('ALTCHA_COST', 10, 1, 100_000),
    botCheckTtl: int('BOT_CHECK_TTL', 600, 10, 24 * 3600),
    legal: {
      publisherName: text('LEGAL_PUBLISHER_NAME'),
      publisherAddress: text('LEGAL_PUBLISHER_ADDRESS'),
      siret: text('LEGAL_SIRET'),
      director: text('LEGAL_DIRECTOR'),
      hostName: text('LEGAL_HOST_NAME'),
      hostAddress: text('LEGAL_HOST_ADDRESS'),
      contactEmail: text('LEGAL_CONTACT_EMAIL'),
    },
    pricing: {
      standard: text('PRICE_STANDARD'),
      pro: text('PRICE_PRO'),
      proPlus: text('PRICE_PRO_PLUS'),
    },
    adminEmail,
    adminPassword: text('ADMIN_PASSWORD'),
    demoPharmacyPassword: text('DEMO_PHARMACY_PASSWORD'),
    seedDemo: bool('SEED_DEMO', !production),
    legalFactsOptional: bool('LEGAL_FACTS_OPTIONAL', true),
    apiDocs: bool('API_DOCS', !production),
    metricsPort,
    metricsHost: text('METRICS_HOST') ?? '127.0.0.1',
    trustProxy: trustProxyOf(text('TRUST_PROXY'), problems),
    rateLimit: bool('RATE_LIMIT', true),
    rateLimitPerMinute: int('RATE_LIMIT_PER_MINUTE', 1000, 10, 10_000_000),
    newFormsPerPharmacyHour: int('NEW_FORMS_PER_PHARMACY_HOUR', 60, 1, 10_000_000),
    devTools: bool('DEV_TOOLS', !production),
    ...overrides,
  };

  if (config.mailRetryMaxMs < config.mailRetryBaseMs) {
    problems.push(
      'MAIL_RETRY_MAX_MS doit être supérieur ou égal à MAIL_RETRY_BASE_MS (MAIL_RETRY_MAX_MS must be >= MAIL_RETRY_BASE_MS)',
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);

  // Secrets last: nothing is written to disk when the configuration is refused.
  completeSecrets(config, secrets.given, config.dataDir);
  return config;
}

/** Legal facts the legal pages need (D21): the names of those missing, to warn once at start. */
export function missingLegalFacts(config: Config): string[] {
  const names: Record<keyof LegalFacts, string> = {
    publisherName: 'LEGAL_PUBLISHER_NAME',
    publisherAddress: 'LEGAL_PUBLISHER_ADDRESS',
    siret: 'LEGAL_SIRET',
    director: 'LEGAL_DIRECTOR',
    hostName: 'LEGAL_HOST_NAME',
    hostAddress: 'LEGAL_HOST_ADDRESS',
    contactEmail: 'LEGAL_CONTACT_EMAIL',
  };
  return (Object.keys(names) as (keyof LegalFacts)[]).filter((k) => config.legal[k] === null).map((k) => names[k]);
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * Whether only this machine can reach an address (D38): `localhost`, 127.0.0.0/8, ::1 and their
 * IPv4-mapped form. Anything else (0.0.0.0, a LAN or public address, a host name) may be reached
 * by others.
 */
export function isLoopbackHost(host: string): boolean {
  const address = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (address === 'localhost') return true;
  const mapped = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIP(mapped) === 4) return LOOPBACK.check(mapped, 'ipv4');
  return isIP(address) === 6 && LOOPBACK.check(address, 'ipv6');
}

/**
 * Why the server must not start while legal facts are missing (D38), or null when it may: a
 * server only this machine reaches, with an http PUBLIC_URL, is a trial (every page then says so);
 * one others can reach, or announced over https, is meant for the public and must show the legal
 * notice in full. LEGAL_FACTS_OPTIONAL=0 refuses the trial too.
 */
export function legalNoticeRefusal(config: Config): string | null {
  const missing = missingLegalFacts(config);
  if (missing.length === 0) return null;
  const facts = `Mentions légales incomplètes : renseignez ${missing.join(', ')}`;
  if (!isLoopbackHost(config.host))
    return `${facts} ; un serveur à l’écoute sur ${config.host} est joignable par d’autres machines (HOST ${config.host} is not a loopback address: legal facts required)`;
  if (config.publicUrl.startsWith('https:'))
    return `${facts} ; PUBLIC_URL ${config.publicUrl} annonce un service public (an https PUBLIC_URL needs the legal facts)`;
  if (!config.legalFactsOptional)
    return `${facts} (LEGAL_FACTS_OPTIONAL=0: legal facts required even on a loopback address)`;
  return null;
}
