import fp from 'fastify-plugin';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { TrustProxy } from './trustProxy';
import accounts from './accounts';
import admin from './admin';
import botCheck from './botCheck';
import demo from './demo';
import mail from './mail';
import patient from './patient';
import pharmacy from './pharmacy';
import consultation from './consultation';
import acts from './acts';
import accessPlugin from './plugins/access';
import authPlugin from './plugins/auth';
import configPlugin from './plugins/config';
import dbPlugin from './plugins/db';
import metricsPlugin from './plugins/metrics';
import docsPlugin from './plugins/docs';
import errorsPlugin from './plugins/errors';
import safeTextPlugin from './plugins/safeText';
import securityPlugin from './plugins/security';
import webPlugin from './plugins/web';
import reports from './reports';
import retention from './retention';
import site from './site';

export interface AppOptions {
  config: Config;
  /** The business clock; tests fix it. */
  clock?: () => Date;
  /** The mail queue's clock (real time by default): due times and retries of e-mails. */
  mailClock?: () => Date;
}

/**
 * The application as a plugin: the cross-cutting plugins (configuration, errors, access, security,
 * text of the bodies, docs, database, metrics, tokens, web), then the features, each a plugin that
 * decorates its repository and service and registers its routes (features meet only through what
 * each one's index.ts publishes). server.ts boots it; tests build it with buildApp and call inject.
 */
const bilanApp: FastifyPluginAsync<AppOptions> = async (fastify, opts) => {
  await fastify.register(configPlugin, { config: opts.config, clock: opts.clock });
  await fastify.register(errorsPlugin);
  // Before any route: every route's guards come from the access it declares (config.access).
  await fastify.register(accessPlugin);
  await fastify.register(securityPlugin);
  await fastify.register(safeTextPlugin);
  await fastify.register(docsPlugin);
  await fastify.register(dbPlugin);
  await fastify.register(metricsPlugin);
  await fastify.register(authPlugin);
  await fastify.register(webPlugin);

  // The features, each after those whose decorators it uses (its plugin's `dependencies`, which
  // Fastify checks); this order is also that of the API document's paths. Two features need each
  // other: the patient's registrations set the bot check's work and the patient's record is what
  // the reports render, while the patient feature calls both. Those two get a function of the
  // patient feature here, read when a request comes, never when they register.
  await fastify.register(reports, { findRecord: (patientId) => fastify.patientService.findRecord(patientId) });
  await fastify.register(mail, { clock: opts.mailClock });
  await fastify.register(botCheck, {
    registrationsInHour: (pharmacyId, now) => fastify.patientService.registrationsInHour(pharmacyId, now),
  });
  await fastify.register(accounts);
  await fastify.register(admin);
  await fastify.register(patient);
  await fastify.register(demo);
  await fastify.register(site);
  await fastify.register(pharmacy);
  await fastify.register(consultation);
  await fastify.register(acts);
  // Retention (answers, PDFs, identity per pharmacy; technical records after 13 months): at start, then daily.
  await fastify.register(retention);
};

// Not encapsulated: the decorators (db, mailer...) stay visible on the instance that registers it.
const app = fp(bilanApp, { name: 'bilan-app' });
export default app;

/**
 * Fastify's trustProxy from TRUST_PROXY. A list of addresses is Fastify's own; a hop count is a
 * function trusting the n nearest hops (Fastify 5 ignores a bare number), which is only safe when
 * nothing but the proxies can reach the server (HOST=127.0.0.1 or a private network).
 */
function trustProxyOption(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}

/** Server options shared by buildApp and the server: body limit, proxy trust, ajv. */
export function serverOptions(config: Config): FastifyServerOptions {
  return {
    // A few kilobytes: enough for every account, bot-check and registration body (the longest,
    // a sign-up, is under 2 KB as a person types it). The routes that carry answers say what
    // they need (the page save: its largest page, questionnaire/largestPageBody.ts).
    bodyLimit: 4 * 1024,
    trustProxy: trustProxyOption(config.trustProxy),
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: true, allowUnionTypes: true } },
  };
}

/** A ready app for tests and scripts (no listening socket). */
export async function buildApp(
  options: AppOptions,
  fastifyOptions: FastifyServerOptions = {},
): Promise<FastifyInstance> {
  const instance = Fastify({ logger: false, ...serverOptions(options.config), ...fastifyOptions });
  await instance.register(app, options);
  await instance.ready();
  return instance;
}
