import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { startStack, type Stack } from './harness';

// Public site in a real browser over the real server: configuration from the environment
// (D21, D22), accessibility (axe), the #cookies anchor, the footer reveal and the full-page login.
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({
    env: {
      LEGAL_PUBLISHER_NAME: 'Jeanne Exemple EI',
      LEGAL_CONTACT_EMAIL: 'contact@exemple.fr',
      LEGAL_HOST_NAME: 'Hébergeur Exemple HDS',
      PRICE_STANDARD: '4,90 €',
    },
  });
});

afterAll(async () => {
  await stack?.close();
});

async function open(path: string, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await stack.newPage(viewport);
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).waitFor();
  // The configuration arrives after the first paint: wait for its facts to replace the dots.
  await page.locator('#site-footer').waitFor({ state: 'attached' });
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  return page;
}

describe('public site', () => {
  for (const path of ['/', '/mentions-legales', '/politiqueConfidentialite', '/cgu']) {
    for (const viewport of [
      { width: 360, height: 740 },
      { width: 1280, height: 900 },
    ]) {
      it(`${path} at ${viewport.width} px has no serious or critical axe violation and no sideways scroll`, async () => {
        const page = await open(path, viewport);
        // Footer shown too, so that axe checks its contrast and links.
        await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
        await page.getByRole('contentinfo').waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.context().close();
      });
    }
  }

  it("serves React's production build, the one that ships", async () => {
    const html = await (await fetch(`${stack.baseUrl}/cgu`)).text();
    const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
    expect(entry).toMatch(/^\/assets\/index-.+\.js$/);
    const js = await (await fetch(`${stack.baseUrl}${entry ?? ''}`)).text();
    // Only the production build replaces React's messages by numbered codes.
    expect(js).toContain('Minified React error #');
  });

  it('serves the landing page as HTML rendered at build, which the browser paints before any code and then hydrates', async () => {
    const html = await (await fetch(`${stack.baseUrl}/`)).text();
    // The text is in the document itself, with the page's title; the only script is the boot one.
    expect(html).toContain('<div id="root" data-prerendered>');
    expect(html).toContain('Le bilan prévention, préparé avant le comptoir</h1>');
    expect(html).toContain('<title>Le bilan prévention en pharmacie | Bilan Prévention</title>');
    expect(html.match(/<script[^>]*>/g)).toEqual([
      expect.stringMatching(/^<script type="module" crossorigin src="\/assets\/boot-[\w-]{8}\.js">$/),
    ]);
    // No year of the build in the footer: the browser writes its own.
    expect(html).not.toMatch(/© ?\d{4}/);
    // The other addresses still get the plain shell.
    expect(await (await fetch(`${stack.baseUrl}/cgu`)).text()).not.toContain('data-prerendered');

    // With its code blocked, the page still shows its whole text.
    const blocked = await stack.newPage({ width: 360, height: 740 });
    await blocked.route('**/assets/*.js', (route) => route.abort());
    await blocked.goto('/');
    expect(await blocked.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Le bilan prévention, préparé avant le comptoir',
    );
    expect(await blocked.getByRole('heading', { name: 'Les avantages pour votre officine' }).isVisible()).toBe(true);
    await blocked.context().close();

    // A page of its own for the hydration: the blocked page's refused scripts are reported as
    // console errors, and one reported late would be counted against the hydration.
    const page = await stack.newPage({ width: 360, height: 740 });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        problems.push(`${message.type()}: ${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    await page.goto('/');
    // Hydrated: the site configuration arrives and replaces the dots, the footer has its year.
    // (The code is fetched once the page is on screen: a loaded machine takes a few seconds.)
    await expect.poll(() => page.getByTestId('price-standard').textContent(), { timeout: 15_000 }).toContain('4,90 €');
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    await expect
      .poll(() => page.getByRole('contentinfo').textContent(), { timeout: 15_000 })
      .toMatch(/© \d{4} Bilan Prévention/);
    // A link of the page is the router's: it changes the screen without loading a new document.
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Mentions légales' }).click();
    await page.waitForURL('**/mentions-legales');
    await page.getByRole('heading', { level: 1, name: 'Mentions légales' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // React reports a markup that differs from its own (hydration) as a console error.
    expect(problems, problems.join(' | ')).toEqual([]);
    await page.context().close();
  });

  it('opens /politiqueConfidentialite#cookies scrolled to the cookies section', async () => {
    const page = await open('/politiqueConfidentialite#cookies', { width: 360, height: 740 });
    const section = page.locator('section#cookies');
    await expect.poll(async () => (await section.boundingBox())?.y ?? Number.NaN, { timeout: 15_000 }).toBeLessThan(40);
    const position = await page.evaluate(() => ({
      scrollY: window.scrollY,
      top: document.getElementById('cookies')?.getBoundingClientRect().top ?? -1,
    }));
    expect(position.scrollY).toBeGreaterThan(1000);
    expect(position.top).toBeGreaterThanOrEqual(0);
    await expect.poll(() => section.getByRole('heading', { level: 2 }).textContent()).toMatch(/^\d+\. Cookies/);
    await page.context().close();
  });

  it('reaches the cookies section from the footer link of another page', async () => {
    const page = await open('/cgu', { width: 1280, height: 900 });
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Cookies' }).click();
    await page.waitForURL('**/politiqueConfidentialite#cookies');
    await expect
      .poll(async () => (await page.locator('section#cookies').boundingBox())?.y ?? Number.NaN, { timeout: 15_000 })
      .toBeLessThan(40);
    await page.context().close();
  });

  it('shows the footer only near the bottom of a long page, and hides it again higher up', async () => {
    const page = await open('/', { width: 1280, height: 900 });
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    const footer = page.getByRole('contentinfo');
    await footer.waitFor();
    await expect.poll(() => footer.textContent()).toContain('Tous droits réservés');
    expect(await footer.getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe('mailto:contact@exemple.fr');
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect.poll(() => page.getByRole('contentinfo').count()).toBe(0);
    await page.context().close();
  });

  it('shows the configured price and "Sur devis" for the others', async () => {
    const page = await open('/', { width: 1280, height: 900 });
    await expect.poll(() => page.getByTestId('price-standard').textContent()).toContain('4,90 €');
    expect(await page.getByTestId('price-pro').textContent()).toBe('Sur devis');
    expect(await page.getByTestId('price-proPlus').textContent()).toBe('Sur devis');
    await page.context().close();
  });

  it('shows configured legal facts and, for the missing ones, that this server is not for the public (D38)', async () => {
    const page = await open('/mentions-legales', { width: 1280, height: 900 });
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('Jeanne Exemple EI');
    expect(text).toContain('Hébergeur Exemple HDS');
    // SIRET, addresses and director are not configured here: no placeholder, the sentence instead.
    expect(text).not.toContain('[à compléter]');
    expect(text).toContain('Mentions légales à compléter\u00a0: ce serveur n’est pas destiné au public');
    expect(await page.getByRole('note').textContent()).toBe(
      'Mentions légales à compléter\u00a0: ce serveur n’est pas destiné au public',
    );
    await page.context().close();
  });

  it('loads /login as a new document from the landing page', async () => {
    const page = await open('/', { width: 1280, height: 900 });
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await page.getByRole('banner').getByRole('link', { name: 'Se connecter' }).click();
    await page.waitForURL('**/login');
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBeUndefined();
    await page.context().close();
  });

  it('goes to the demo form from the landing page', async () => {
    const page = await open('/', { width: 360, height: 740 });
    await page.getByRole('link', { name: 'Voir un exemple de formulaire' }).first().click();
    await page.waitForURL('**/form');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.context().close();
  });

  it('answers an unknown address with the 404 page', async () => {
    const page = await open('/cette-page-n-existe-pas', { width: 1280, height: 900 });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page introuvable');
    await page.getByRole('link', { name: 'Retour à l’accueil' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });
});
