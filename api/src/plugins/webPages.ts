import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { registrationPages, type PageEncoding } from './registrationPages';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A page the server writes (outside /api): counted by the global per-address limit (security.ts). */
    writtenPage?: boolean;
  }
}

/** What the web build wrote beside index.html (web/prerender.ts, pages/index.json). */
interface PagesIndex {
  home: string;
  registration: { file: string; slug: string; nom: string; pharmacyElementId: string };
  demo: Record<string, string>;
}

/** A pharmacy's name as accounts are given one (registrationService): safe in a path and in HTML. */
const PHARMACY_NAME = /^[a-z0-9-]{1,64}$/;

function readIndex(root: string): PagesIndex | null {
  const file = join(root, 'pages', 'index.json');
  if (!existsSync(file)) return null;
  const index = JSON.parse(readFileSync(file, 'utf8')) as PagesIndex;
  const files = [index.home, index.registration.file, ...Object.values(index.demo)];
  return files.every((name) => existsSync(join(root, name))) ? index : null;
}

/** The encoding to send a written page in, from the browser's Accept-Encoding. */
function encodingOf(request: FastifyRequest): PageEncoding {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepts)) return 'br';
  if (/\bgzip\b/.test(accepts)) return 'gzip';
  return 'identity';
}

/**
 * The pages whose HTML the web build rendered: the landing page at `/`; a pharmacy's registration
 * page, the build's model with the pharmacy's name written in and the pharmacy itself for the
 * browser (no request before the form shows); the first page of each demo questionnaire. An
 * unknown or disabled pharmacy, or a build without them, gets the plain index.html, whose screen
 * says what is wrong. Registered by the web plugin, after @fastify/static (reply.sendFile).
 */
export function registerPrerenderedPages(app: FastifyInstance, root: string): void {
  const index = readIndex(root);
  const hide = { schema: { hide: true } };
  const shell = (reply: FastifyReply) => reply.type('text/html; charset=utf-8').sendFile('index.html');
  app.get('/', hide, (_request, reply) =>
    index ? reply.type('text/html; charset=utf-8').sendFile(index.home) : shell(reply),
  );
  if (!index) return;

  const { registration } = index;
  const pages = registrationPages({ ...registration, template: readFileSync(join(root, registration.file), 'utf8') });
  const written = { ...hide, config: { writtenPage: true } };
  app.get<{ Params: { pharmacyName: string } }>('/:pharmacyName/userform', written, async (request, reply) => {
    const { pharmacyName } = request.params;
    // /api/… stays the API's: an unknown route there is a JSON 404.
    if (pharmacyName === 'api') return reply.callNotFound();
    if (!PHARMACY_NAME.test(pharmacyName)) return shell(reply);
    let pharmacy: Awaited<ReturnType<FastifyInstance['siteService']['publicPharmacy']>>;
    try {
      pharmacy = await app.siteService.publicPharmacy(pharmacyName);
    } catch (error) {
      // Unknown or disabled: the screen says so. Anything else: the screen asks again and offers a retry.
      if (!(error instanceof ApiError && error.statusCode === 404))
        request.log.warn({ err: error }, 'registration page: pharmacy not read');
      return shell(reply);
    }
    const encoding = encodingOf(request);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Encoding');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(pages.page(pharmacy, encoding));
  });
  for (const [path, file] of Object.entries(index.demo)) {
    app.get(path, hide, (_request, reply) => reply.type('text/html; charset=utf-8').sendFile(file));
  }
}
