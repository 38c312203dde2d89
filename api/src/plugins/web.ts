import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { registerPrerenderedPages } from './webPages';

/**
 * Serves the built web app (WEB_DIST) on the same origin as the API, when it exists. The SPA
 * fallback (index.html for the other GET routes) is in the not-found handler (plugins/errors.ts).
 */
export default fp(
  async (app) => {
    const root = app.config.webDist;
    if (!existsSync(join(root, 'index.html'))) {
      app.log.warn({ webDist: root }, 'web app not built: only the API is served');
      return;
    }
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build's .br and .gz copies (web/precompress.ts), sent to a browser that accepts them.
      preCompressed: true,
      // The pages rendered at build are sent for their own addresses (webPages.ts), never under
      // their file names: /pages/registration.html is a model pharmacy's page.
      allowedPath: (_path, _root, request) => !/^\/(home\.html|pages\/)/.test(request?.url ?? ''),
      setHeaders(res, path) {
        // Vite puts content hashes in asset names: they never change; index.html always may.
        res.header(
          'cache-control',
          path.includes(`${join(root, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    registerPrerenderedPages(app, root);
  },
  { name: 'web', dependencies: ['config'] },
);
