import fp from 'fastify-plugin';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import { rateLimitStore } from './rateLimitStore';

/**
 * Security headers with a strict Content Security Policy, and rate limiting: every API route has a
 * limit per address, its own (`config: { rateLimit: { max, timeWindow } }`) or the global one
 * (RATE_LIMIT_PER_MINUTE), which also counts the pages the server writes (a pharmacy's registration
 * page, webPages.ts); the web's files are not counted.
 *
 * CSP: no inline script and no eval. The bot check solves its proof of work in a worker of our own
 * build (worker-src 'self'; the ALTCHA widget, which built one from a blob, is gone); style
 * attributes need style-src 'unsafe-inline'; reCAPTCHA, when chosen, needs Google's script and frame.
 */
export default fp(
  async (app) => {
    const recaptcha = app.config.botCheckProvider === 'recaptcha';
    const google = recaptcha ? ['https://www.google.com', 'https://www.gstatic.com'] : [];
    // Built once: @fastify/helmet built it again on every request, parsing the policy each time
    // (a twentieth of a page save's CPU in a profile).
    const securityHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...google],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...google],
          workerSrc: ["'self'"],
          frameSrc: recaptcha ? ['https://www.google.com', 'https://recaptcha.google.com'] : ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: app.config.publicUrl.startsWith('https:') ? [] : null,
        },
      },
      // The PDFs and the OpenAPI page are opened from our own pages only.
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', (request, reply, done) =>
      securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined)),
    );
    // Without TRUST_PROXY the header is ignored, which is right when nothing stands in front of the
    // server; when a proxy does, every patient counts as the proxy's one address. Said once per
    // process: a warning per request would flood the log (and cost each request a line).
    if (app.config.trustProxy === false) {
      let warned = false;
      app.addHook('onRequest', (request, _reply, done) => {
        if (!warned && request.headers['x-forwarded-for'] !== undefined) {
          warned = true;
          request.log.warn(
            'X-Forwarded-For reçu sans TRUST_PROXY\u00a0: l’en-tête est ignoré et les limites par adresse comptent l’adresse de ce qui se connecte au serveur. Derrière un proxy, donnez son adresse dans TRUST_PROXY (ex. TRUST_PROXY=10.0.0.5) ' +
              '(X-Forwarded-For received without TRUST_PROXY: ignored; behind a reverse proxy, set TRUST_PROXY to its address)',
          );
        }
        done();
      });
    }
    if (!app.config.rateLimit) return;
    await app.register(rateLimit, {
      global: true,
      max: app.config.rateLimitPerMinute,
      timeWindow: '1 minute',
      // The web's files are not counted; the API and the pages the server writes are.
      allowList: (request) => !request.url.startsWith('/api/') && request.routeOptions.config.writtenPage !== true,
      // The routes' own limits count in the database, shared by every server on it; the global
      // one in each server's memory (rateLimitStore.ts). Both on the app's clock.
      store: rateLimitStore(
        () => app.store,
        () => app.clock().getTime(),
      ),
      errorResponseBuilder: () => ({
        statusCode: 429,
        code: 'rate_limited',
        message: 'Trop de requêtes. Veuillez réessayer dans un instant.',
        error: 'Trop de requêtes. Veuillez réessayer dans un instant.',
      }),
    });
  },
  { name: 'security', dependencies: ['config'] },
);
