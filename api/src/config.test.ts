import { statSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, isLoopbackHost, legalNoticeRefusal, loadConfig, missingLegalFacts, repoRoot } from './config';
import { temporaryFolders } from '../test/temporaryFolders';

const { make: tempDir, removeAll } = temporaryFolders('bilan-config-');
afterEach(removeAll);

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ DATA_DIR: tempDir(), ...env });
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('loadConfig', () => {
  it('has defaults for a first run', () => {
    const dir = tempDir();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      publicUrl: 'http://127.0.0.1:3000',
      databaseFile: join(dir, 'bilan.sqlite'),
      outboxDir: join(dir, 'outbox'),
      webDist: join(repoRoot, 'web', 'dist'),
      smtpUrl: null,
      botCheckProvider: 'altcha',
    });
    expect(loadConfig({}, { jwtSecret: 'x'.repeat(32), altchaHmacKey: 'y'.repeat(32) }).databaseFile).toBe(
      join(repoRoot, 'data', 'bilan.sqlite'),
    );
  });

  it('generates each secret once, its own, readable by the owner only', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    const of = (c: typeof first) => [
      c.jwtSecret,
      c.altchaHmacKey,
      c.codeHashKey,
      c.mailEncryptionKey,
      c.ssnEncryptionKey,
    ];
    const secrets = of(first);
    for (const s of secrets) expect(s.length).toBeGreaterThanOrEqual(32);
    expect(new Set(secrets).size).toBe(5);
    expect(of(second)).toEqual(secrets);
    for (const file of ['jwt-secret', 'altcha-hmac-key', 'code-hash-key', 'mail-encryption-key', 'ssn-encryption-key'])
      expect(statSync(join(dir, file)).mode & 0o777).toBe(0o600);
  });

  it('reads each secret from its own variable; one set alone leaves the others as they were', () => {
    const dir = tempDir();
    const generated = loadConfig({ DATA_DIR: dir });
    const env = {
      JWT_SECRET: 'j'.repeat(32),
      ALTCHA_HMAC_KEY: 'a'.repeat(32),
      CODE_HASH_KEY: 'c'.repeat(32),
      MAIL_ENCRYPTION_KEY: 'm'.repeat(32),
    };
    expect(loadConfig({ DATA_DIR: dir, ...env })).toMatchObject({
      jwtSecret: env.JWT_SECRET,
      altchaHmacKey: env.ALTCHA_HMAC_KEY,
      codeHashKey: env.CODE_HASH_KEY,
      mailEncryptionKey: env.MAIL_ENCRYPTION_KEY,
    });
    // A deployment that sets only the older variables: the new secrets come from DATA_DIR.
    const older = loadConfig({ DATA_DIR: dir, JWT_SECRET: env.JWT_SECRET, ALTCHA_HMAC_KEY: env.ALTCHA_HMAC_KEY });
    expect(older).toMatchObject({
      jwtSecret: env.JWT_SECRET,
      codeHashKey: generated.codeHashKey,
      mailEncryptionKey: generated.mailEncryptionKey,
    });
    expect(problemsOf({ CODE_HASH_KEY: 'court' })).toEqual([
      'CODE_HASH_KEY : au moins 32 caractères attendus (CODE_HASH_KEY must be at least 32 characters)',
    ]);
    expect(problemsOf({ MAIL_ENCRYPTION_KEY: 'court' })).toHaveLength(1);
    expect(problemsOf({ SSN_ENCRYPTION_KEY: 'court' })).toHaveLength(1);
    expect(problemsOf({ SSN_ENCRYPTION_KEY_PREVIOUS: 'court' })).toEqual([
      'SSN_ENCRYPTION_KEY_PREVIOUS : au moins 32 caractères attendus (SSN_ENCRYPTION_KEY_PREVIOUS must be at least 32 characters)',
    ]);
  });

  it.each([
    [{ PORT: 'abc' }, /^PORT : entier entre 0 et 65535 attendu, reçu « abc »/],
    [{ PORT: '70000' }, /^PORT : /],
    [{ BOT_CHECK_PROVIDER: 'hcaptcha' }, /^BOT_CHECK_PROVIDER : « altcha » ou « recaptcha » attendu/],
    [{ BOT_CHECK_PROVIDER: 'recaptcha' }, /^RECAPTCHA_SECRET et RECAPTCHA_SITE_KEY sont requis/],
    [{ SMTP_URL: 'http://mail.example.fr' }, /^SMTP_URL : adresse smtp:\/\/ ou smtps:\/\/ attendue/],
    [{ JWT_SECRET: 'court' }, /^JWT_SECRET : au moins 32 caractères/],
    [{ PUBLIC_URL: 'ftp://x' }, /^PUBLIC_URL : adresse http\(s\) attendue/],
    [{ PUBLIC_URL: 'bilan.example.fr' }, /^PUBLIC_URL : adresse http\(s\) attendue, reçu « bilan\.example\.fr »/],
    // Ends with the English text: the password of the refused URL is not repeated.
    [
      { DATABASE_URL: 'mysql://bilan:s3cret@db:3306/bilan' },
      /^DATABASE_URL : adresse postgres:\/\/utilisateur:motdepasse@serveur:5432\/base attendue \(DATABASE_URL must be a postgres:\/\/ URL\)$/,
    ],
    [{ DATABASE_URL: 'bilan:s3cret@db' }, /^DATABASE_URL : adresse postgres:\/\/.* URL\)$/],
    [{ ADMIN_PASSWORD: 'petit' }, /^ADMIN_PASSWORD : au moins 12 caractères/],
    [{ SEED_DEMO: 'peut-être' }, /^SEED_DEMO : « true » ou « false » attendu/],
    [
      { TRUST_PROXY: 'true' },
      /^TRUST_PROXY : « true » ferait croire n'importe quel en-tête X-Forwarded-For.*TRUST_PROXY=true is refused/,
    ],
    [{ TRUST_PROXY: 'yes' }, /^TRUST_PROXY : « yes » ferait croire/],
    [{ TRUST_PROXY: '127.0.0.1,proxy.local' }, /^TRUST_PROXY : nombre de proxys \(1 à 10\) ou liste d'adresses/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /^TRUST_PROXY : nombre de proxys/],
    [{ TRUST_PROXY: '99' }, /^TRUST_PROXY : nombre de proxys/],
  ])('explains a bad value: %j', (env, message) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it('takes the URLs of the protocols it expects, the public one without its final slashes', () => {
    const urls = (env: Record<string, string>) => {
      const c = loadConfig({ DATA_DIR: tempDir(), ...env });
      return { publicUrl: c.publicUrl, databaseUrl: c.databaseUrl, smtpUrl: c.smtpUrl };
    };
    expect(
      urls({
        PUBLIC_URL: 'https://bilan.example.fr//',
        DATABASE_URL: 'postgresql://bilan:s3cret@db:5432/bilan',
        SMTP_URL: 'smtps://mail.example.fr:465',
      }),
    ).toEqual({
      publicUrl: 'https://bilan.example.fr',
      databaseUrl: 'postgresql://bilan:s3cret@db:5432/bilan',
      smtpUrl: 'smtps://mail.example.fr:465',
    });
    expect(
      urls({
        PUBLIC_URL: 'http://127.0.0.1:8080',
        DATABASE_URL: 'postgres://db/bilan',
        SMTP_URL: 'smtp://127.0.0.1:25',
      }),
    ).toEqual({
      publicUrl: 'http://127.0.0.1:8080',
      databaseUrl: 'postgres://db/bilan',
      smtpUrl: 'smtp://127.0.0.1:25',
    });
  });

  it('is safe by default in production: no demo pharmacy, no API docs, no developer screen, unless asked', () => {
    const flags = (env: Record<string, string>) => {
      const c = loadConfig({ DATA_DIR: tempDir(), ...env });
      return { nodeEnv: c.nodeEnv, seedDemo: c.seedDemo, apiDocs: c.apiDocs, devTools: c.devTools };
    };
    expect(flags({})).toEqual({ nodeEnv: 'development', seedDemo: true, apiDocs: true, devTools: true });
    expect(flags({ NODE_ENV: 'test' })).toEqual({ nodeEnv: 'test', seedDemo: true, apiDocs: true, devTools: true });
    expect(flags({ NODE_ENV: 'production' })).toEqual({
      nodeEnv: 'production',
      seedDemo: false,
      apiDocs: false,
      devTools: false,
    });
    expect(flags({ NODE_ENV: 'production', SEED_DEMO: '1', API_DOCS: '1', DEV_TOOLS: '1' })).toEqual({
      nodeEnv: 'production',
      seedDemo: true,
      apiDocs: true,
      devTools: true,
    });
    expect(flags({ SEED_DEMO: '0', API_DOCS: 'false' })).toMatchObject({ seedDemo: false, apiDocs: false });
  });

  it('refuses an unknown NODE_ENV, naming the values expected', () => {
    expect(problemsOf({ NODE_ENV: 'prod' })).toEqual([
      'NODE_ENV : « production », « development » ou « test » attendu, reçu « prod » (NODE_ENV must be production, development or test)',
    ]);
  });

  it('stops on a variable that looks like ours but is not, with the name it probably meant', () => {
    expect(problemsOf({ SMPT_URL: 'smtp://127.0.0.1:25' })).toEqual([
      'SMPT_URL : variable inconnue, vouliez-vous dire SMTP_URL ? (unknown variable SMPT_URL: did you mean SMTP_URL?)',
    ]);
    expect(problemsOf({ PUBLC_URL: 'https://bilan.example' })[0]).toMatch(
      /^PUBLC_URL : variable inconnue, vouliez-vous dire PUBLIC_URL \?/,
    );
    expect(problemsOf({ MAIL_SERVER: 'smtp.example' })).toEqual([
      'MAIL_SERVER : variable inconnue de Bilan Prévention, voir api/README.md (unknown variable MAIL_SERVER, see api/README.md)',
    ]);
    // The machine's own variables are not ours to judge.
    expect(
      problemsOf({
        HOSTNAME: 'srv1',
        LANG: 'C',
        DATABASE_FILE: join(tempDir(), 'x.sqlite'),
        npm_config_user_agent: 'pnpm',
        VITEST_POOL_ID: '1',
      }),
    ).toEqual([]);
  });

  it('reads METRICS_PORT as a port, off when unset', () => {
    expect(loadConfig({ DATA_DIR: tempDir() })).toMatchObject({ metricsPort: null, metricsHost: '127.0.0.1' });
    expect(loadConfig({ DATA_DIR: tempDir(), METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' })).toMatchObject({
      metricsPort: 9464,
      metricsHost: '10.0.0.5',
    });
    expect(problemsOf({ METRICS_PORT: '99999' })[0]).toMatch(/^METRICS_PORT : entier entre 0 et 65535 attendu/);
  });

  it('turns the developer tools on outside production only, unless DEV_TOOLS says otherwise', () => {
    const devTools = (env: Record<string, string>) => loadConfig({ DATA_DIR: tempDir(), ...env }).devTools;
    expect(devTools({})).toBe(true);
    expect(devTools({ NODE_ENV: 'development' })).toBe(true);
    expect(devTools({ NODE_ENV: 'production' })).toBe(false);
    expect(devTools({ NODE_ENV: 'production', DEV_TOOLS: '1' })).toBe(true);
    expect(devTools({ DEV_TOOLS: '0' })).toBe(false);
    expect(problemsOf({ DEV_TOOLS: 'peut-être' })[0]).toMatch(/^DEV_TOOLS : « true » ou « false » attendu/);
  });

  it('reads TRUST_PROXY as no proxy, a hop count or a list of proxy addresses', () => {
    const trust = (v?: string) =>
      loadConfig({ DATA_DIR: tempDir(), ...(v === undefined ? {} : { TRUST_PROXY: v }) }).trustProxy;
    expect(trust()).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('127.0.0.1, 10.0.0.0/8,fd00::/8')).toEqual(['127.0.0.1', '10.0.0.0/8', 'fd00::/8']);
    expect(trust('loopback,uniquelocal')).toEqual(['loopback', 'uniquelocal']);
  });

  it('reports every bad value at once and writes no secret', () => {
    const dir = tempDir();
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dir, PORT: 'x', SMTP_URL: 'nope', MAIL_MAX_ATTEMPTS: '0' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toHaveLength(3);
    expect((error as ConfigError).message).toContain('Configuration invalide');
    expect(existsSync(join(dir, 'jwt-secret'))).toBe(false);
  });

  it('lists the legal facts left unset', () => {
    const c = loadConfig({
      DATA_DIR: tempDir(),
      LEGAL_PUBLISHER_NAME: 'Éditeur',
      LEGAL_CONTACT_EMAIL: 'contact@example.fr',
    });
    expect(missingLegalFacts(c)).toEqual([
      'LEGAL_PUBLISHER_ADDRESS',
      'LEGAL_SIRET',
      'LEGAL_DIRECTOR',
      'LEGAL_HOST_NAME',
      'LEGAL_HOST_ADDRESS',
    ]);
    expect(c.pricing).toEqual({ standard: null, pro: null, proPlus: null });
  });

  it('tells a loopback address, which only this machine reaches, from the others (D38)', () => {
    for (const host of ['127.0.0.1', '127.3.2.1', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.20', '10.0.0.5', 'bilan.example.fr'])
      expect(isLoopbackHost(host), host).toBe(false);
  });

  it('lets a server start without legal facts only on loopback with an http PUBLIC_URL (D38)', () => {
    const refusal = (env: Record<string, string>) => legalNoticeRefusal(loadConfig({ DATA_DIR: tempDir(), ...env }));
    expect(refusal({ NODE_ENV: 'production' })).toBeNull();
    expect(refusal({ NODE_ENV: 'production', HOST: '0.0.0.0' })).toMatch(/joignable par d’autres machines/);
    expect(refusal({ HOST: '192.168.1.20', LEGAL_FACTS_OPTIONAL: '1' })).toMatch(/joignable par d’autres machines/);
    expect(refusal({ PUBLIC_URL: 'https://bilan.example.fr' })).toMatch(/annonce un service public/);
    expect(refusal({ LEGAL_FACTS_OPTIONAL: '0' })).toMatch(/LEGAL_FACTS_OPTIONAL=0/);
  });
});

describe('settings refused at start', () => {
  it('names a log level pino does not have, and takes the others whatever their case', () => {
    expect(problemsOf({ LOG_LEVEL: 'verbose' })).toEqual([
      "LOG_LEVEL : fatal, error, warn, info, debug, trace, silent attendu, reçu « verbose » (LOG_LEVEL must be one of pino's levels)",
    ]);
    expect(loadConfig({ DATA_DIR: tempDir(), LOG_LEVEL: 'WARN' }).logLevel).toBe('warn');
  });

  it('names a misspelt short variable (PROT for PORT)', () => {
    expect(problemsOf({ PROT: '8080' })).toEqual([
      'PROT : variable inconnue, vouliez-vous dire PORT ? (unknown variable PROT: did you mean PORT?)',
    ]);
  });

  it('refuses a DATA_DIR that does not exist, creating nothing; the default folder is created', () => {
    const missing = join(tempDir(), 'volume-non-monte');
    expect(problemsOf({ DATA_DIR: missing })).toEqual([
      `DATA_DIR : le dossier ${missing} n’existe pas ; créez-le (install -d -m 700 ${missing}) ou corrigez le chemin (DATA_DIR does not exist)`,
    ]);
    expect(existsSync(missing)).toBe(false);
    // Unset, the checkout's data/ (a fresh clone's first `pnpm start`).
    expect(
      loadConfig(
        {},
        {
          jwtSecret: 'x'.repeat(32),
          altchaHmacKey: 'y'.repeat(32),
          codeHashKey: 'z'.repeat(32),
          mailEncryptionKey: 'w'.repeat(32),
        },
      ).dataDir,
    ).toBe(join(repoRoot, 'data'));
  });

  it('takes the backup, disk and purge settings, and refuses a short BACKUP_KEY', () => {
    expect(loadConfig({ DATA_DIR: tempDir() })).toMatchObject({
      backupKey: null,
      backupDir: join(repoRoot, 'backups'),
      diskMinFreeBytes: 500 * 1024 * 1024,
      purgeHour: 3,
    });
    expect(problemsOf({ BACKUP_KEY: 'court', PURGE_HOUR: '24' })).toEqual([
      'BACKUP_KEY : au moins 32 caractères attendus, par exemple « openssl rand -base64 48 » (BACKUP_KEY must be at least 32 characters)',
      'PURGE_HOUR : entier entre 0 et 23 attendu, reçu « 24 » (PURGE_HOUR must be an integer from 0 to 23)',
    ]);
  });
});
