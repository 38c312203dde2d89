import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { sqlRun } from '../../test/sql';
import { escapeHtml } from '../shared/text/escapeHtml';
import { temporaryFolders } from '../../test/temporaryFolders';

// The registration page the server writes for each pharmacy (webPages.ts) over the build's model.

const folders = temporaryFolders('bilan-web-pages-');
const template =
  '<!doctype html><html><head><title>Pharmacie Modèle</title></head><body><div id="root" data-snapshot><h1>Prenez soin de votre santé avec Pharmacie Modèle</h1><a href="/modele-x/thank-you">x</a></div></body></html>';

/** A web build with its index.html, the registration page's model and one asset. */
function webBuild(): string {
  const web = folders.make();
  mkdirSync(join(web, 'pages'));
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(web, 'home.html'), '<!doctype html><h1>Accueil</h1>');
  writeFileSync(join(web, 'pages', 'registration.html'), template);
  writeFileSync(join(web, 'assets', 'app-1.js'), 'console.log(1)');
  writeFileSync(
    join(web, 'pages', 'index.json'),
    JSON.stringify({
      home: 'home.html',
      registration: {
        file: 'pages/registration.html',
        slug: 'modele-x',
        nom: 'Pharmacie Modèle',
        pharmacyElementId: 'pharmacie-de-la-page',
      },
      demo: {},
    }),
  );
  return web;
}

afterAll(() => folders.removeAll());

describe('a pharmacy’s registration page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { webDist: webBuild() } });
  });
  afterAll(async () => {
    await t.close();
  });
  const rename = (nom: string) =>
    sqlRun(t.app, 'UPDATE accounts SET display_name = ? WHERE id = ?', nom, t.pharmacy.id);
  const load = () => t.app.inject({ method: 'GET', url: `/${t.pharmacy.name}/userform` });

  it.each(['$`', "$'", '$&', '$$'])(
    'shows a display name of %s patterns as typed, in a page of its own size',
    async (pattern) => {
      const nom = `Pharmacie ${pattern.repeat(60)}`;
      await rename(nom);
      const res = await load();
      expect(res.statusCode).toBe(200);
      // The title and the heading hold the name (escaped for HTML), the document one head.
      const shown = escapeHtml(nom);
      expect(res.body).toContain(`<title>${shown}</title>`);
      expect(res.body).toContain(`<h1>Prenez soin de votre santé avec ${shown}</h1>`);
      expect(res.body.match(/<head>/g)).toHaveLength(1);
      expect(res.body.match(/<\/html>/g)).toHaveLength(1);
      expect(res.body.length).toBeLessThan(template.length + 4 * shown.length + 300);
    },
  );

  it('shows a new display name at the next load', async () => {
    await rename('Pharmacie du Centre');
    expect((await load()).body).toContain('<title>Pharmacie du Centre</title>');
    await rename('Grande Pharmacie du Centre');
    expect((await load()).body).toContain('<title>Grande Pharmacie du Centre</title>');
    await sqlRun(t.app, 'UPDATE accounts SET disabled_at = ? WHERE id = ?', new Date().toISOString(), t.pharmacy.id);
    expect((await load()).body).toBe('<!doctype html><div id="root"></div>');
    await sqlRun(t.app, 'UPDATE accounts SET disabled_at = NULL WHERE id = ?', t.pharmacy.id);
  });
});

describe('the global per-address limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { webDist: webBuild(), rateLimitPerMinute: 5 } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts the registration pages the server writes, not the web’s files', async () => {
    const from = (url: string, remoteAddress: string) => t.app.inject({ method: 'GET', url, remoteAddress });
    for (let i = 0; i < 10; i++) expect((await from('/assets/app-1.js', '192.0.2.1')).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await from(`/${t.pharmacy.name}/userform`, '192.0.2.1')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // Another address has its own count.
    expect((await from(`/${t.pharmacy.name}/userform`, '192.0.2.2')).statusCode).toBe(200);
  });
});
