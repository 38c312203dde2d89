/**
 * Every environment variable the server reads, the schema of its configuration: config.ts reads
 * only these names (its readers take an `EnvName`), api/README.md documents each of them (a test
 * checks both ways), and a variable that looks like one of ours but is not in this list stops the
 * start, so that a misspelt `SMPT_URL` does not silently send the codes to the outbox folder.
 */
export const ENVIRONMENT_NAMES = [
  'NODE_ENV',
  'HOST',
  'PORT',
  'PUBLIC_URL',
  'LOG_LEVEL',
  'DATA_DIR',
  'DATABASE_FILE',
  'DATABASE_URL',
  'DATABASE_POOL',
  'WEB_DIST',
  'JWT_SECRET',
  'ALTCHA_HMAC_KEY',
  'CODE_HASH_KEY',
  'MAIL_ENCRYPTION_KEY',
  'SSN_ENCRYPTION_KEY',
  'SSN_ENCRYPTION_KEY_PREVIOUS',
  'PATIENT_TOKEN_TTL',
  'PATIENT_PAUSE_SECONDS',
  'SMTP_URL',
  'MAIL_FROM',
  'MAIL_RETRY_BASE_MS',
  'MAIL_RETRY_MAX_MS',
  'MAIL_MAX_ATTEMPTS',
  'MAIL_POLL_MS',
  'BOT_CHECK_PROVIDER',
  'RECAPTCHA_SECRET',
  'RECAPTCHA_SITE_KEY',
  'RECAPTCHA_VERIFY_URL',
  'ALTCHA_MAX_NUMBER',
  'ALTCHA_COST',
  'BOT_CHECK_TTL',
  'LEGAL_PUBLISHER_NAME',
  'LEGAL_PUBLISHER_ADDRESS',
  'LEGAL_SIRET',
  'LEGAL_DIRECTOR',
  'LEGAL_HOST_NAME',
  'LEGAL_HOST_ADDRESS',
  'LEGAL_CONTACT_EMAIL',
  'LEGAL_FACTS_OPTIONAL',
  'PRICE_STANDARD',
  'PRICE_PRO',
  'PRICE_PRO_PLUS',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'DEMO_PHARMACY_PASSWORD',
  'SEED_DEMO',
  'API_DOCS',
  'DEV_TOOLS',
  'TRUST_PROXY',
  'RATE_LIMIT',
  'RATE_LIMIT_PER_MINUTE',
  'NEW_FORMS_PER_PHARMACY_HOUR',
  'METRICS_PORT',
  'METRICS_HOST',
  'DISK_MIN_FREE_MB',
  'BACKUP_DIR',
  'BACKUP_KEY',
  'PURGE_HOUR',
] as const;

export type EnvName = (typeof ENVIRONMENT_NAMES)[number];

const KNOWN = new Set<string>(ENVIRONMENT_NAMES);

// Prefixes only this product uses: any other variable under them is a mistake. Generic ones
// (DATA_, LOG_, WEB_, API_, DEV_) are left out: other programs on the machine use them too.
const OUR_PREFIXES = [
  'ADMIN_',
  'ALTCHA_',
  'BACKUP_',
  'BOT_CHECK_',
  'DATABASE_',
  'DISK_',
  'DEMO_',
  'LEGAL_',
  'MAIL_',
  'METRICS_',
  'PATIENT_',
  'PRICE_',
  'PURGE_',
  'RECAPTCHA_',
  'SEED_',
  'SMTP_',
  'TRUST_',
  'RATE_LIMIT',
];

/** Two adjacent letters swapped, nothing else (PROT for PORT). */
function swapped(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const at = [...a].findIndex((c, i) => c !== b[i]);
  return at >= 0 && a[at] === b[at + 1] && a[at + 1] === b[at] && a.slice(at + 2) === b.slice(at + 2);
}

/** Edit distance, bounded: only "at most one typo" matters here. */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i += 1;
      j += 1;
      continue;
    }
    edits += 1;
    if (edits > 1) return false;
    if (a.length > b.length) i += 1;
    else if (b.length > a.length) j += 1;
    else if (a[i + 1] === b[j] && a[i] === b[j + 1]) {
      // Two letters swapped (SMPT for SMTP) count as one typo.
      i += 2;
      j += 2;
    } else {
      i += 1;
      j += 1;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

/** The variables set that look like ours and are not: each with the name it probably meant. */
export function unknownVariables(env: Record<string, string | undefined>): { name: string; meant: EnvName | null }[] {
  const found: { name: string; meant: EnvName | null }[] = [];
  for (const name of Object.keys(env)) {
    if (KNOWN.has(name) || env[name] === undefined) continue;
    // A short name one letter from ours is often another program's (PATH, HOME, TERM): below six
    // letters only two swapped letters count as a typo of ours (PROT, HSOT).
    const meant =
      ENVIRONMENT_NAMES.find((known) => (name.length >= 6 ? withinOneEdit(name, known) : swapped(name, known))) ?? null;
    if (meant !== null || OUR_PREFIXES.some((prefix) => name.startsWith(prefix))) found.push({ name, meant });
  }
  return found;
}
