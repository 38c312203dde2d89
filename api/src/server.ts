import { createServer } from 'node:http';
import closeWithGrace from 'close-with-grace';
import type { AddressInfo } from 'node:net';
import type { Writable } from 'node:stream';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import app, { serverOptions } from './app';
import { closeRenderPool } from './reports';
import { ConfigError, legalNoticeRefusal, loadConfig, missingLegalFacts, type Config } from './config';
import { errorForLog } from './db/errorForLog';
import { seedDatabase } from './accounts';
import { versionName } from './release';
import { reportStartFailure, StartError, startFailureOf } from './startFailure';

export interface RunningServer {
  url: string;
  /** The Prometheus listener's /metrics address (METRICS_PORT set), else null. */
  metricsUrl: string | null;
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * One log line per request, once answered, instead of Fastify's two (received, answered): each
 * line goes through the redaction, a tenth of a page save's CPU for the pair.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error)
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** What the logs must never show: credentials, tickets, codes, answers, identity numbers. */
const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.passwordHash',
  '*.token',
  '*.ticket',
  '*.reponses',
  '*.responses',
  '*.answers',
  '*.numero_securite_sociale',
  '*.socialSecurityNumber',
];

/** pino options: redaction of secrets and answers, URLs without their query string. */
export function loggerOptions(level: string) {
  return {
    level,
    redact: { paths: redactPaths, censor: '[masqué]' },
    serializers: {
      // Query strings may carry invitation or reset tokens: log the path only.
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: req.url.split('?')[0],
        ip: req.ip,
      }),
      // A failed query's values (an e-mail address, a name) never reach the log (db/errorForLog.ts).
      err: errorForLog,
    },
  };
}

/**
 * Builds the configuration from the environment (with overrides such as DATABASE_FILE, SMTP_URL,
 * PORT, WEB_DIST), migrates, seeds on first start and listens. Port 0 picks a free port. The log
 * goes to standard output unless a test gives the stream that reads what the start said.
 */
export async function startServer(
  overrides: Record<string, string | undefined> = {},
  configOverrides: Partial<Config> = {},
  logStream?: Writable,
): Promise<RunningServer> {
  const config = loadConfig({ ...process.env, ...overrides }, configOverrides);
  // No placeholder reaches the public (D38): a server others can reach, or announced over https,
  // refuses to start without the legal facts; on loopback it starts and every page says so.
  const refusal = legalNoticeRefusal(config);
  if (refusal !== null) throw new ConfigError([refusal]);
  const server = Fastify({
    ...serverOptions(config),
    logger: logStream ? { ...loggerOptions(config.logLevel), stream: logStream } : loggerOptions(config.logLevel),
    connectionTimeout: 30_000,
    requestTimeout: 60_000,
    keepAliveTimeout: 5_000,
    pluginTimeout: 60_000,
    forceCloseConnections: 'idle',
    logController: new OneLinePerRequest(),
  });
  try {
    return await listen(server, config);
  } catch (err) {
    // Nothing half-started stays behind (database, worker threads, the other listener).
    await server.close().catch(() => {});
    await closeRenderPool().catch(() => {});
    throw new StartError(err, { databaseFile: config.databaseFile, dataDir: config.dataDir });
  }
}

async function listen(server: FastifyInstance, config: Config): Promise<RunningServer> {
  await server.register(app, { config });
  await server.ready();

  const missing = missingLegalFacts(config);
  if (missing.length > 0) {
    server.log.warn(
      { missing },
      `Mentions légales incomplètes : renseignez ${missing.join(', ')} ; chaque page indique que ce serveur n’est pas destiné au public (legal facts unset: local trial only, D38)`,
    );
  }
  const seeded = await seedDatabase(server);
  // Names only: a password, code or link never reaches the log (admin:create prints its link to
  // the operator's own terminal).
  for (const account of seeded.created)
    server.log.info({ role: account.role, account: account.name }, 'compte créé au démarrage');
  if (seeded.noAdmin)
    server.log.warn(
      'Aucun compte administrateur : créez-le avec « pnpm admin:create --email <adresse> » (no admin account yet)',
    );

  const metrics = await metricsListener(server, config);
  let address: string;
  try {
    address = await server.listen({ host: config.host, port: config.port });
  } catch (err) {
    await metrics?.close();
    throw err;
  }
  const url = address.replace('0.0.0.0', '127.0.0.1');
  server.log.info(
    { version: versionName() },
    `Bilan Prévention : ${url}${config.seedDemo ? ` (lien patient de démonstration : ${url}/pharmacie-demo/userform)` : ''}${config.apiDocs ? `, API ${url}/api/docs` : ''}`,
  );
  return {
    url,
    metricsUrl: metrics?.url ?? null,
    app: server,
    close: async () => {
      await server.close();
      await metrics?.close();
      // The PDFs under way were awaited by the app's close (formPdfs); the threads can go.
      await closeRenderPool();
    },
  };
}

/**
 * The metrics on their own port (METRICS_PORT, on METRICS_HOST, loopback by default): only
 * GET /metrics, for the monitoring network; the public port never serves them.
 */
async function metricsListener(
  app: FastifyInstance,
  config: Config,
): Promise<{ url: string; close(): Promise<void> } | null> {
  const registry = app.metrics;
  if (config.metricsPort === null || registry === null) return null;
  const listener = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/metrics') {
      res
        .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
        .end('Introuvable : seul /metrics est servi ici.\n');
      return;
    }
    registry.metrics().then(
      (body) => res.writeHead(200, { 'content-type': registry.contentType }).end(body),
      (err: unknown) => {
        app.log.error({ err }, 'metrics failed');
        res.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(config.metricsPort ?? 0, config.metricsHost, () => resolve());
  });
  const { port } = listener.address() as AddressInfo;
  const host = config.metricsHost.includes(':') ? `[${config.metricsHost}]` : config.metricsHost;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () => new Promise<void>((resolve) => listener.close(() => resolve())),
  };
}

/**
 * Runs the server until SIGINT/SIGTERM (or an error nothing caught), then closes gracefully:
 * requests end, the mail worker and the PDFs under way finish, the database closes; a second
 * signal or 10 s exits at once (close-with-grace).
 */
export async function runServer(): Promise<void> {
  let running: RunningServer;
  try {
    running = await startServer();
  } catch (err) {
    // One JSON line and one sentence, no stack: what the operator (and journald) needs.
    const failure = startFailureOf(err);
    reportStartFailure(failure, err);
    process.exit(failure.exitCode);
  }
  closeWithGrace({ delay: 10_000, logger: running.app.log }, async ({ signal, err }) => {
    if (err) running.app.log.error({ err }, 'erreur non rattrapée : arrêt');
    running.app.log.info({ signal }, 'arrêt en cours');
    await running.close();
  });
}
