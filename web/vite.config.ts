import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompress } from './precompress.ts';
import { prerenderPages } from './prerender.ts';
import { reactRouterForBrowser } from './reactRouterForBrowser.ts';

/**
 * Moves the built stylesheet links from <head> to just after <div id="root">: a stylesheet in
 * the head holds back the first paint until it arrives, one after #root does not hold back
 * what stands before it. So a slow phone paints the "Chargement…" of index.html at once; the
 * app's script still waits for the styles, so no screen shows unstyled.
 */
function stylesAfterBootMessage(): Plugin {
  return {
    name: 'bilan-styles-after-boot-message',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
        if (links.length === 0) return html;
        let out = html;
        for (const link of links) out = out.replace(link, '');
        return out.replace(/(<div id="root">[\s\S]*?<\/div>)/, `$1\n    ${links.join('\n    ')}`);
      },
    },
  };
}

/**
 * After the bundle is written: the prerendered pages, then the compressed copies of every file
 * (the pages included). One hook, so the two steps run in this order.
 */
function finishBuild(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'bilan-finish-build',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await prerenderPages(root, outDir);
      precompress(outDir);
    },
  };
}

/**
 * One of @rjsf/utils' own modules replaced by ours for rjsf's imports only: rjsf imports them by
 * relative paths, which an alias cannot tell apart from anyone else's, so they are resolved here.
 * - its shallow allOf merge (and @x0k/json-schema-merge with it) by src/renderer/allOfMerge.ts;
 * - its deepEquals, made with fast-equals (8 KB of code for the kinds of values rjsf never
 *   compares), by src/renderer/deepEquals.ts (`./deepEquals.js` or `../deepEquals.js`).
 */
function rjsfStandIn(name: string, file: string, imports: (source: string) => boolean): Plugin {
  const standIn = fileURLToPath(new URL(file, import.meta.url));
  return {
    name,
    enforce: 'pre',
    resolveId(source, importer) {
      if (imports(source) && importer?.includes('/@rjsf/utils/')) return standIn;
      return null;
    },
  };
}

/**
 * @rjsf/core's default registry (every field, template and widget it has) replaced by
 * src/renderer/rjsfRegistry.ts, which holds those our pages use: rjsf's Form imports it by a
 * relative path, resolved here for that import only.
 */
function rjsfRegistry(): Plugin {
  const standIn = fileURLToPath(new URL('./src/renderer/rjsfRegistry.ts', import.meta.url));
  return {
    name: 'bilan-rjsf-registry',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '../getDefaultRegistry.js' && importer?.includes('/@rjsf/core/lib/components/Form.js'))
        return standIn;
      return null;
    },
  };
}

// The API serves the built files on the same origin (D11); in dev, /api is proxied to it.
export default defineConfig({
  plugins: [
    react(),
    reactRouterForBrowser(),
    rjsfStandIn(
      'bilan-rjsf-allof-merge',
      './src/renderer/allOfMerge.ts',
      (source) => source === './shallowAllOfMerge.js',
    ),
    rjsfStandIn('bilan-rjsf-deep-equals', './src/renderer/deepEquals.ts', (source) =>
      /^(\.\.?\/)+deepEquals\.js$/.test(source),
    ),
    rjsfRegistry(),
    stylesAfterBootMessage(),
    finishBuild(),
  ],
  resolve: {
    alias: [
      {
        find: /^markdown-to-jsx\/react$/,
        replacement: fileURLToPath(new URL('./src/renderer/plainMarkdown.tsx', import.meta.url)),
      },
      {
        find: /^fast-uri$/,
        replacement: fileURLToPath(new URL('./src/renderer/uriResolver.ts', import.meta.url)),
      },
    ],
  },
  server: {
    proxy: { '/api': process.env.API_URL ?? 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Read by scripts/bundleSize.ts to follow what a route loads.
    manifest: true,
  },
});
