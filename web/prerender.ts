import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { firstLoadOf } from './scripts/firstLoad.ts';

/** The pharmacy the registration page is rendered for: the server writes the real one over these. */
const MODEL_PHARMACY = { id: 0, name: 'modele-de-pharmacie-7q3x', nom: 'Pharmacie Modèle 7Q3X' };

/**
 * What the build wrote, read by the server (api plugins/webPages.ts): the landing page's file,
 * the registration page's model and the names it must replace, the demo's first pages by path.
 */
interface PagesIndex {
  home: string;
  registration: { file: string; slug: string; nom: string; pharmacyElementId: string };
  demo: Record<string, string>;
}

interface RenderModule {
  renderPage(pathname: string, pharmacy?: typeof MODEL_PHARMACY): Promise<{ html: string; title: string | null }>;
  demoFirstPages(): Promise<{ band: string; path: string }[]>;
  pharmacyInPageId: string;
}

/**
 * A page to write. `modules`: its routes' modules (their chunks are fetched with the entry, their
 * styles linked in the head). `snapshot`: a patient page, replaced by the live screen rather than
 * hydrated (what it shows may depend on the tab: a form to resume).
 */
interface PageToWrite {
  path: string;
  file: string;
  modules: string[];
  snapshot: boolean;
  pharmacy?: typeof MODEL_PHARMACY;
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
    build: {
      ssr: 'src/prerender/renderPage.tsx',
      outDir: scratch,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: false,
    },
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
 * hydration or as a snapshot (src/main.tsx), its title, in the head the styles of the entry and
 * the route (render-blocking on purpose: the markup must not paint unstyled), and its boot script;
 * then pages/index.json for the server.
 */
export async function prerenderPages(webRoot: string, outDir: string): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), 'bilan-prerender-'));
  try {
    const renderer = await loadRenderer(webRoot, scratch);
    const shell = readFileSync(join(outDir, 'index.html'), 'utf8');
    const load = firstLoadOf(outDir);
    const entry = [...load.entryKeys].map((key) => load.manifest[key]).find((chunk) => chunk?.isEntry)?.file;
    if (!entry) throw new Error('prerender: no entry chunk in the manifest');
    const patientLayout = 'src/patient/PatientLayout.tsx';
    const index: PagesIndex = {
      home: 'home.html',
      registration: {
        file: 'pages/registration.html',
        slug: MODEL_PHARMACY.name,
        nom: MODEL_PHARMACY.nom,
        pharmacyElementId: renderer.pharmacyInPageId,
      },
      demo: {},
    };
    const pages: PageToWrite[] = [
      { path: '/', file: index.home, modules: ['src/site/LandingPage.tsx'], snapshot: false },
      {
        path: `/${MODEL_PHARMACY.name}/userform`,
        file: index.registration.file,
        modules: [patientLayout, 'src/patient/RegistrationPage.tsx'],
        snapshot: true,
        pharmacy: MODEL_PHARMACY,
      },
    ];
    for (const { band, path } of await renderer.demoFirstPages()) {
      index.demo[path] = `pages/demo-${band}.html`;
      pages.push({
        path,
        file: index.demo[path],
        modules: [
          patientLayout,
          'src/demo/DemoQuestionnairePage.tsx',
          'src/demo/prepareDemoPage.ts',
          load.versionKey(band),
        ],
        snapshot: true,
      });
    }
    mkdirSync(join(outDir, 'pages'), { recursive: true });
    for (const page of pages) {
      const { html, title } = await renderer.renderPage(page.path, page.pharmacy);
      const chunks = [...load.closure([...load.entryKeys, ...page.modules])].map((key) => load.manifest[key]);
      const styles = [...new Set(chunks.flatMap((chunk) => chunk?.css ?? []))].map(
        (css) => `<link rel="stylesheet" crossorigin href="/${css}">`,
      );
      const code = chunks
        .map((chunk) => chunk?.file)
        .filter((file): file is string => !!file && file.endsWith('.js') && file !== entry);
      const boot = bootScript(entry, code);
      const bootFile = `assets/boot-${createHash('sha256').update(boot).digest('base64url').slice(0, 8)}.js`;
      writeFileSync(join(outDir, bootFile), boot);
      // A snapshot is inert until the live screen replaces it (nothing typed there could be kept),
      // under the bar the patient pages show while a screen's code loads.
      const root = page.snapshot
        ? `<div id="root" data-snapshot><p class="route-loading" role="status">Chargement…</p><div inert>${html}</div></div>`
        : `<div id="root" data-prerendered>${html}</div>`;
      const out = shell
        .replace(/\s*<link rel="(stylesheet|modulepreload)"[^>]*>/g, '')
        .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
        .replace(/<title>[^<]*<\/title>/, (shellTitle) => (title ? `<title>${escapeText(title)}</title>` : shellTitle))
        // Chromium paints as soon as the styles are in, maybe with half of the markup parsed; the
        // largest text would then paint in a later frame. Rendering waits for the whole page.
        .replace(
          '</head>',
          `  ${[...styles, `<link rel="expect" href="#${END_ID}" blocking="render">`, `<script type="module" crossorigin src="/${bootFile}"></script>`].join('\n    ')}\n  </head>`,
        )
        .replace(/<div id="root">[\s\S]*?<\/div>/, () => `${root}<span id="${END_ID}" hidden></span>`);
      if (!out.includes(`<span id="${END_ID}"`))
        throw new Error(`prerender of ${page.path}: no <div id="root"> in index.html`);
      writeFileSync(join(outDir, page.file), out);
    }
    writeFileSync(join(outDir, 'pages', 'index.json'), `${JSON.stringify(index, null, 2)}\n`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
