import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { firstLoadOf } from './scripts/firstLoad.ts';

/**
 * The pages whose HTML the build renders, each with its route's module (its chunks are preloaded
 * and its styles linked in the head) and the file the server sends for it (api plugins/web.ts).
 * Only pages a first visit renders without asking the API anything: the landing page.
 */
const PRERENDERED_PAGES = [{ path: '/', module: 'src/site/LandingPage.tsx', file: 'home.html' }] as const;

interface RenderModule {
  renderPage(pathname: string): Promise<{ html: string; title: string }>;
}

/** A marker after the prerendered markup, outside the part React hydrates. */
const END_ID = 'fin-du-rendu';

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Loads the app's pages in Node, bundled by Vite for it in a temporary folder. */
async function loadRenderer(webRoot: string, scratch: string): Promise<RenderModule> {
  await build({
    configFile: false,
    root: webRoot,
    mode: 'production',
    logLevel: 'warn',
    plugins: [react()],
    // Bundled whole (React included): the scratch folder has no node_modules to resolve from.
    ssr: { noExternal: true },
    build: { ssr: 'src/prerender/renderPage.tsx', outDir: scratch, emptyOutDir: true, copyPublicDir: false, minify: false },
  });
  const file = readdirSync(scratch).find((name) => /^renderPage\.m?js$/.test(name));
  if (!file) throw new Error(`prerender: no renderPage module in ${scratch}`);
  return (await import(pathToFileURL(join(scratch, file)).href)) as RenderModule;
}

/**
 * The page's only script: once the prerendered HTML is on screen, it fetches the app's code, the
 * entry and the route's chunks at once, and the entry hydrates the page (src/main.tsx). A slow
 * phone spends its first bytes on the markup and the styles, not on code the paint does not need.
 */
function bootScript(entry: string, chunks: string[]): string {
  return [
    '// Written by the build (web/prerender.ts) for a prerendered page.',
    `const chunks = ${JSON.stringify(chunks.map((file) => `/${file}`))};`,
    'let started = false;',
    'function start() {',
    '  if (started) return;',
    '  started = true;',
    '  for (const href of chunks) {',
    "    const link = document.createElement('link');",
    "    link.rel = 'modulepreload';",
    '    link.href = href;',
    '    document.head.append(link);',
    '  }',
    `  void import(${JSON.stringify(`/${entry}`)});`,
    '}',
    // The first contentful paint is when the screen shows the page, after the frame is drawn.
    "if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {",
    "  new PerformanceObserver(() => setTimeout(start)).observe({ type: 'paint', buffered: true });",
    '} else {',
    '  requestAnimationFrame(() => setTimeout(start));',
    '}',
    // A tab opened in the background paints nothing until shown: its code still loads.
    'setTimeout(start, 3000);',
    '',
  ].join('\n');
}

/**
 * Writes each prerendered page beside the build's index.html: its markup inside #root, marked for
 * hydration (src/main.tsx), its title, in the head the styles of the entry and the route
 * (render-blocking on purpose: the markup must not paint unstyled), and its boot script.
 */
export async function prerenderPages(webRoot: string, outDir: string): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), 'bilan-prerender-'));
  try {
    const { renderPage } = await loadRenderer(webRoot, scratch);
    const shell = readFileSync(join(outDir, 'index.html'), 'utf8');
    const load = firstLoadOf(outDir);
    const entry = [...load.entryKeys].map((key) => load.manifest[key]).find((chunk) => chunk?.isEntry)?.file;
    if (!entry) throw new Error('prerender: no entry chunk in the manifest');
    for (const page of PRERENDERED_PAGES) {
      const { html, title } = await renderPage(page.path);
      const chunks = [...load.closure([...load.entryKeys, page.module])].map((key) => load.manifest[key]);
      const styles = [...new Set(chunks.flatMap((chunk) => chunk?.css ?? []))].map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`);
      const code = chunks.map((chunk) => chunk?.file).filter((file): file is string => !!file && file.endsWith('.js') && file !== entry);
      const boot = bootScript(entry, code);
      const bootFile = `assets/boot-${createHash('sha256').update(boot).digest('base64url').slice(0, 8)}.js`;
      writeFileSync(join(outDir, bootFile), boot);
      const out = shell
        .replace(/\s*<link rel="(stylesheet|modulepreload)"[^>]*>/g, '')
        .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(title)}</title>`)
        // Chromium paints as soon as the styles are in, maybe with half of the markup parsed; the
        // largest text would then paint in a later frame. Rendering waits for the whole page.
        .replace(
          '</head>',
          `  ${[...styles, `<link rel="expect" href="#${END_ID}" blocking="render">`, `<script type="module" crossorigin src="/${bootFile}"></script>`].join('\n    ')}\n  </head>`,
        )
        .replace(/<div id="root">[\s\S]*?<\/div>/, () => `<div id="root" data-prerendered>${html}</div><span id="${END_ID}" hidden></span>`);
      if (!out.includes('data-prerendered')) throw new Error(`prerender of ${page.path}: no <div id="root"> in index.html`);
      writeFileSync(join(outDir, page.file), out);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
