import type { Secrets } from './secrets';
import type { TrustProxy } from './trustProxy';

// What the server is configured with: loadConfig (config.ts) reads it from the environment.

export type BotCheckProviderName = 'altcha' | 'recaptcha';

export type LegalFacts = {
  publisherName: string | null;
  publisherAddress: string | null;
  siret: string | null;
  director: string | null;
  hostName: string | null;
  hostAddress: string | null;
  contactEmail: string | null;
};

export type Pricing = {
  standard: string | null;
  pro: string | null;
  proPlus: string | null;
};

export type NodeEnv = 'production' | 'development' | 'test';

export interface Config extends Secrets {
  /** NODE_ENV: production turns the demo seed, the API docs and the developer screen off by default. */
  nodeEnv: NodeEnv;
  /**
   * SSN_ENCRYPTION_KEY_PREVIOUS: during a rotation of SSN_ENCRYPTION_KEY, the key it replaces; the
   * start seals again under the new key the numbers sealed under it (patient/ssnSealer.ts).
   */
  ssnEncryptionKeyPrevious: string | null;
  host: string;
  port: number;
  publicUrl: string;
  logLevel: string;
  dataDir: string;
  /** DISK_MIN_FREE_MB, in bytes: below it on DATA_DIR's disk, /api/ready answers 503 (disk_space_low). */
  diskMinFreeBytes: number;
  /** BACKUP_DIR: where `pnpm backup` writes by default, outside DATA_DIR. */
  backupDir: string;
  /** BACKUP_KEY: encrypts the backups (null: `pnpm backup` and `pnpm restore` refuse to run). */
  backupKey: string | null;
  /** PURGE_HOUR: the hour of the night (Paris) the retention purge runs at. */
  purgeHour: number;
  databaseFile: string;
  /**
   * DATABASE_URL: a PostgreSQL server (postgres://…) for several API servers on one database;
   * null for the SQLite file (databaseFile), the default.
   */
  databaseUrl: string | null;
  /** DATABASE_POOL: connections each server keeps to PostgreSQL at most. */
  databasePool: number;
  outboxDir: string;
  /** The stored PDFs of the submitted forms (DATA_DIR/pdfs; reports/pdfStore.ts). */
  pdfDir: string;
  webDist: string;
  /** Patient token lifetime (seconds). */
  patientTokenTtl: number;
  /**
   * PATIENT_PAUSE_SECONDS: after this long without a save, a resume or a « still here » call, a
   * patient token needs the day and month of birth again (D39, resume_required).
   */
  patientPauseSeconds: number;
  smtpUrl: string | null;
  mailFrom: string;
  /** Queue: first retry delay, doubled at each failure up to mailRetryMaxMs. */
  mailRetryBaseMs: number;
  mailRetryMaxMs: number;
  mailMaxAttempts: number;
  /** How often the worker looks for due messages. */
  mailPollMs: number;
  botCheckProvider: BotCheckProviderName;
  recaptchaSecret: string | null;
  recaptchaSiteKey: string | null;
  recaptchaVerifyUrl: string;
  /** Proof-of-work size: the solver tries on average maxNumber/2 counters of `cost` hashes each. */
  altchaMaxNumber: number;
  altchaCost: number;
  /** Lifetime of a challenge and of the ticket that proves it was solved (seconds). */
  botCheckTtl: number;
  legal: LegalFacts;
  pricing: Pricing;
  adminEmail: string;
  adminPassword: string | null;
  demoPharmacyPassword: string | null;
  /**
   * Start without every legal fact on a loopback address with an http PUBLIC_URL
   * (LEGAL_FACTS_OPTIONAL, on by default): every page then says the server is not for the
   * public (D38). Off, such a start is refused too; a server others can reach always needs them.
   */
  legalFactsOptional: boolean;
  /** The demo pharmacy `pharmacie-demo` (SEED_DEMO): on by default, unless NODE_ENV is production. */
  seedDemo: boolean;
  /** /api/docs and /api/docs/json (API_DOCS): on by default, unless NODE_ENV is production. */
  apiDocs: boolean;
  /**
   * The Prometheus metrics listener (METRICS_PORT): a second port, for the monitoring network
   * only; null: no metrics listener. METRICS_HOST defaults to loopback.
   */
  metricsPort: number | null;
  metricsHost: string;
  /** TRUST_PROXY: the proxies whose X-Forwarded-For is believed (trustProxy.ts). */
  trustProxy: TrustProxy;
  /** Per-IP limits on the public calls; RATE_LIMIT=false for load tests and end-to-end runs. */
  rateLimit: boolean;
  /**
   * RATE_LIMIT_PER_MINUTE: calls to /api per address and minute on the routes without a limit
   * of their own (OWASP API4: no route without a limit). A pharmacy's tablets share one address.
   */
  rateLimitPerMinute: number;
  /**
   * NEW_FORMS_PER_PHARMACY_HOUR: forms a pharmacy's link may start in an hour (every
   * registration, sent and erased forms included): beyond, registration answers 429 and the admins are told (a script registering
   * patients by a pharmacy's id). A pharmacy's prevention day may need more.
   */
  newFormsPerPharmacyHour: number;
  /**
   * The developer test screen's own endpoints (POST /api/storeJson): DEV_TOOLS, on by default
   * unless NODE_ENV is production (D28: production defaults are safe).
   */
  devTools: boolean;
}
