import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { createServer } from 'vite';
import { definitionsApi } from './definitionsApi';

const uiDir = fileURLToPath(new URL('./ui/', import.meta.url));
const inRepository = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

export interface Preview {
  url: string;
  close(): Promise<void>;
}

/**
 * The definitions preview (`pnpm definitions:preview`): a Vite server on 127.0.0.1 that renders
 * any version of a definitions folder, drafts included, with the site's renderer
 * (`@bilan/web/renderer`). No account, no database, no e-mail: the answers live in the page.
 */
export async function startPreview(options: { dir: string; port?: number }): Promise<Preview> {
  const server = await createServer({
    configFile: false,
    root: uiDir,
    cacheDir: fileURLToPath(new URL('./node_modules/.vite-preview/', import.meta.url)),
    logLevel: 'warn',
    plugins: [react(), definitionsApi(options.dir)],
    resolve: { dedupe: ['react', 'react-dom'] },
    server: {
      host: '127.0.0.1',
      port: options.port ?? 5180,
      strictPort: false,
      // Vite serves by default any file of the workspace (`/@fs/…`): data/, secrets, the api's
      // code (issue 41). Only what the page is made of: its own files, the definitions, the web's
      // renderer and styles, the engine, and the packages they import.
      fs: {
        strict: true,
        allow: [
          uiDir,
          options.dir,
          inRepository('web/src'),
          inRepository('engine/src'),
          inRepository('node_modules'),
          inRepository('preview/node_modules'),
          inRepository('web/node_modules'),
          inRepository('engine/node_modules'),
        ],
      },
    },
    optimizeDeps: { include: ['react', 'react-dom/client', 'ajv'] },
  });
  await server.listen();
  const url = server.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? `http://127.0.0.1:${options.port ?? 5180}`;
  return { url, close: () => server.close() };
}
