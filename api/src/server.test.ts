import { brotliCompressSync, gzipSync } from 'node:zlib';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { buildApp } from './app';
import { loggerOptions, startServer, type RunningServer } from './server';
import { auth, botTicket, registrationBody, testConfig, type TestApp } from '../test/helpers';

let dir: string;
let server: RunningServer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bilan-server-'));
  const web = join(dir, 'web');
  mkdirSync(join(web, 'assets'), { recursive: true });
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Bilan Prévention</title><div id="root"></div>');
  // The pages rendered at build (web/prerender.ts) and their index.
  writeFileSync(
    join(web, 'home.html'),
    '<!doctype html><title>Accueil</title><div id="root" data-prerendered><h1>Accueil</h1></div>',
  );
  mkdirSync(join(web, 'pages'));
  writeFileSync(
    join(web, 'pages', 'registration.html'),
    '<!doctype html><body><div id="root" data-snapshot><h1>Prenez soin de votre santé avec Pharmacie Modèle</h1><a href="/modele-x/thank-you">x</a></div></body>',
  );
  writeFileSync(
    join(web, 'pages', 'demo-45to50.html'),
    '<!doctype html><div id="root" data-snapshot><h1>Votre profil</h1></div>',
  );
  const pages = {
    home: 'home.html',
    registration: {
      file: 'pages/registration.html',
      slug: 'modele-x',
      nom: 'Pharmacie Modèle',
      pharmacyElementId: 'pharmacie-de-la-page',
    },
    demo: { '/formulaire/test/parts45to50/general': 'pages/demo-45to50.html' },
  };
  writeFileSync(join(web, 'pages', 'index.json'), JSON.stringify(pages));
  writeFileSync(join(web, 'assets', 'app-1234.js'), 'console.log(1)');
  // The build's precompressed copies (web/precompress.ts).
  writeFileSync(join(web, 'assets', 'app-1234.js.br'), brotliCompressSync('console.log(1)'));
  writeFileSync(join(web, 'assets', 'app-1234.js.gz'), gzipSync('console.log(1)'));
  server = await startServer({
    DATA_DIR: dir,
    PORT: '0',
    WEB_DIST: web,
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: 'mot-de-passe-admin-long',
    DEMO_PHARMACY_PASSWORD: 'mot-de-passe-demo-long',
  });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('startServer', () => {
  it('migrates, seeds the demo pharmacy and the admin once, and serves the API', async () => {
    const res = await fetch(`${server.url}/api/clients/public/pharmacie-demo`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      client: { id: expect.any(Number), name: 'pharmacie-demo', nom: 'Pharmacie de démonstration' },
    });
    const admin = server.app.sqlite
      .prepare("SELECT role, email_verified_at AS verified, password_hash AS hash FROM accounts WHERE name = 'admin'")
      .get() as Record<string, string>;
    expect(admin.role).toBe('admin');
    expect(admin.verified).not.toBeNull();
    expect(admin.hash).toMatch(/^\$argon2id\$/);
    expect(server.app.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(server.app.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(server.app.sqlite.pragma('synchronous', { simple: true })).toBe(2);
  });

  it('serves the built web app with the SPA fallback, and JSON 404 under /api', async () => {
    const page = await fetch(`${server.url}/mentions-legales`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('<div id="root"></div>');
    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(home.headers.get('cache-control')).toBe('no-cache');
    expect(await home.text()).toContain('<h1>Accueil</h1>');
    // A pharmacy's registration page: the model's name replaced, the pharmacy written for the browser.
    const registration = await fetch(`${server.url}/pharmacie-demo/userform`, { headers: { 'accept-encoding': 'br' } });
    expect(registration.status).toBe(200);
    expect(registration.headers.get('content-encoding')).toBe('br');
    expect(registration.headers.get('cache-control')).toBe('no-cache');
    const registrationHtml = await registration.text();
    expect(registrationHtml).toContain(
      '<h1>Prenez soin de votre santé avec Pharmacie de démonstration</h1><a href="/pharmacie-demo/thank-you">',
    );
    const data =
      /<script type="application\/json" id="pharmacie-de-la-page">(.*?)<\/script>/.exec(registrationHtml)?.[1] ?? '';
    expect(JSON.parse(data)).toEqual({
      id: expect.any(Number),
      name: 'pharmacie-demo',
      nom: 'Pharmacie de démonstration',
    });
    expect(registrationHtml).not.toContain('Modèle');
    // Unknown pharmacy, or a name no account can have: the plain page, whose screen says so.
    for (const path of ['/pharmacie-inconnue/userform', '/Pharmacie%20Demo/userform']) {
      const plain = await fetch(`${server.url}${path}`);
      expect(plain.status).toBe(200);
      expect(await plain.text()).toContain('<div id="root"></div>');
    }
    expect((await (await fetch(`${server.url}/api/userform`)).json()).code).toBe('not_found');
    // Never under their file names: the model pharmacy's page, the index, the landing's file.
    for (const path of ['/pages/registration.html', '/pages/index.json', '/home.html']) {
      const hidden = await fetch(`${server.url}${path}`);
      expect(hidden.status).toBe(404);
      const text = await hidden.text();
      expect(text).not.toContain('Modèle');
      expect(text).not.toContain('modele-x');
      expect(text).not.toContain('<h1>Accueil</h1>');
    }
    const demo = await fetch(`${server.url}/formulaire/test/parts45to50/general`);
    expect(await demo.text()).toContain('<h1>Votre profil</h1>');
    expect(await (await fetch(`${server.url}/formulaire/test/parts45to50/habits`)).text()).toContain(
      '<div id="root"></div>',
    );
    const asset = await fetch(`${server.url}/assets/app-1234.js`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    // The copy sent is the build's brotli one (fetch decodes it).
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await asset.text()).toBe('console.log(1)');
    const gzipOnly = await fetch(`${server.url}/assets/app-1234.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipOnly.headers.get('content-encoding')).toBe('gzip');
    const api = await fetch(`${server.url}/api/unknown`);
    expect(api.status).toBe(404);
    expect((await api.json()).code).toBe('not_found');
  });
});

describe('logs', () => {
  it('never show tokens, tickets, answers or the social security number', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logDir = mkdtempSync(join(tmpdir(), 'bilan-logs-'));
    const config = testConfig(logDir);
    const app = await buildApp({ config }, { logger: { ...loggerOptions('debug'), stream } });
    try {
      const pharmacy = await app.accountsRepository.insert({
        name: 'pharmacie-test',
        displayName: 'Pharmacie',
        email: 'p@test',
        createdAt: new Date().toISOString(),
      });
      const fake = { app, pharmacy } as unknown as TestApp;
      const ticket = await botTicket(app, pharmacy.id);
      const body = await registrationBody(fake, {
        ticket,
        numero_securite_sociale: '278057512345675',
        date_naissance: '1978-05-02',
      });
      const created = await app.inject({ method: 'POST', url: '/api/utilisateur/create', payload: body });
      expect(created.statusCode, created.body).toBe(201);
      const { token } = created.json() as { token: string };
      await app.inject({ method: 'GET', url: '/api/utilisateur/me?invite=secret-invite-token', headers: auth(token) });
      await app.inject({
        method: 'PATCH',
        url: '/api/utilisateur/me/responses',
        headers: auth(token),
        payload: { pageKey: 'physicalHealth', reponses: { weightChange: 'Prise de poids' } },
      });
      await app.inject({
        method: 'PATCH',
        url: '/api/utilisateur/me/responses',
        headers: auth(token),
        payload: { pageKey: 'physicalHealth', reponses: { weightChange: 'Prise de poids', height: 'x' } },
      });
      const log = lines.join('');
      expect(log).toContain('/api/utilisateur/me');
      for (const secret of [token, ticket, 'secret-invite-token', 'Prise de poids', '278057512345675'])
        expect(log).not.toContain(secret);
    } finally {
      await app.close();
      rmSync(logDir, { recursive: true, force: true });
    }
  });
});

describe('metrics', () => {
  it('are served in Prometheus format on their own port only: routes by pattern, queues, database size', async () => {
    const metricsDir = mkdtempSync(join(tmpdir(), 'bilan-metrics-'));
    const running = await startServer({
      DATA_DIR: metricsDir,
      PORT: '0',
      METRICS_PORT: '0',
      WEB_DIST: join(metricsDir, 'none'),
      LOG_LEVEL: 'silent',
    });
    try {
      expect(running.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      await fetch(`${running.url}/api/clients/public/pharmacie-demo`);
      await fetch(`${running.url}/api/clients/public/une-pharmacie-inconnue`);
      const res = await fetch(running.metricsUrl as string);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await res.text();
      // The route's pattern, never the pharmacy named in the URL.
      expect(text).toMatch(
        /bilan_http_request_duration_seconds_count\{method="GET",route="\/api\/clients\/public\/:clientName",status="200"\} 1\n/,
      );
      expect(text).toMatch(
        /bilan_http_request_duration_seconds_count\{method="GET",route="\/api\/clients\/public\/:clientName",status="404"\} 1\n/,
      );
      expect(text).not.toContain('une-pharmacie-inconnue');
      expect(text).toMatch(/bilan_pdf_render_queue\{state="waiting"\} 0/);
      expect(text).toMatch(/bilan_sqlite_bytes\{file="database"\} [1-9]\d*/);
      expect(text).toContain('bilan_mail_queue_messages');
      expect(text).toMatch(/bilan_process_resident_memory_bytes [1-9]/);
      // The public port does not serve them, and the metrics port serves nothing else.
      expect((await fetch(`${running.url}/metrics`)).status).not.toBe(200);
      expect((await fetch((running.metricsUrl as string).replace('/metrics', '/api/health'))).status).toBe(404);
    } finally {
      await running.close();
      rmSync(metricsDir, { recursive: true, force: true });
    }
  });
});

describe('a start without the legal facts (D38)', () => {
  let dataDir: string;
  let env: Record<string, string>;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'bilan-legal-'));
    env = {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: '0',
      WEB_DIST: join(dataDir, 'none'),
      LOG_LEVEL: 'silent',
    };
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts on the default loopback address, even in production, and tells the web app', async () => {
    const running = await startServer(env);
    try {
      const res = await fetch(`${running.url}/api/public/site-config`);
      expect(await res.json()).toMatchObject({ legalNoticePending: true });
    } finally {
      await running.close();
    }
  });

  it('logs one warning naming the missing facts', async () => {
    const lines: string[] = [];
    const running = await startServer(
      { ...env, LOG_LEVEL: 'warn' },
      {},
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    );
    await running.close();
    const warnings = lines.filter((line) => line.includes('Mentions légales incomplètes'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('LEGAL_PUBLISHER_NAME');
  });

  it('is refused on an address others can reach', async () => {
    await expect(startServer({ ...env, HOST: '0.0.0.0' })).rejects.toThrow(
      /Mentions légales incomplètes : renseignez LEGAL_PUBLISHER_NAME, .*LEGAL_CONTACT_EMAIL ; un serveur à l’écoute sur 0\.0\.0\.0/,
    );
  });

  it('is refused on loopback when PUBLIC_URL is https, and whatever LEGAL_FACTS_OPTIONAL says', async () => {
    const https = { ...env, PUBLIC_URL: 'https://bilan.example.fr', LEGAL_FACTS_OPTIONAL: '1' };
    await expect(startServer(https)).rejects.toThrow(
      /PUBLIC_URL https:\/\/bilan\.example\.fr annonce un service public/,
    );
  });

  it('is refused on loopback too with LEGAL_FACTS_OPTIONAL=0', async () => {
    await expect(startServer({ ...env, LEGAL_FACTS_OPTIONAL: '0' })).rejects.toThrow(/LEGAL_FACTS_OPTIONAL=0/);
  });

  it('starts anywhere once every fact is given, with nothing pending', async () => {
    const facts = {
      LEGAL_PUBLISHER_NAME: 'Éditeur SAS',
      LEGAL_PUBLISHER_ADDRESS: '1 rue de la Paix, 75002 Paris',
      LEGAL_SIRET: '123 456 789 00012',
      LEGAL_DIRECTOR: 'Jeanne Exemple',
      LEGAL_HOST_NAME: 'Hébergeur HDS',
      LEGAL_HOST_ADDRESS: '2 rue du Port, 59000 Lille',
      LEGAL_CONTACT_EMAIL: 'contact@example.fr',
    };
    const running = await startServer({ ...env, ...facts, HOST: '0.0.0.0', PUBLIC_URL: 'https://bilan.example.fr' });
    try {
      const res = await fetch(`${running.url}/api/public/site-config`);
      expect(await res.json()).toMatchObject({ legalNoticePending: false });
    } finally {
      await running.close();
    }
  });
});
