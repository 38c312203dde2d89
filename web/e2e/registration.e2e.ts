// The registration form can be corrected (issue 13, point 2): every refusal sits beside its
// field and in an error summary, the person corrects and sends again without reloading, and
// each attempt solves a fresh bot check. The date of birth is three fields, whatever the
// browser's language and time zone.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { stackForFile } from './harness';
import { expectNoSidewaysScroll } from './patientServer';
import { birthDateFor, fillRegistration, type Identity } from './questionnaireDriver';
import { ageNotEligibleMessage, createRegistry } from '@bilan/engine';
import { catalog } from '@bilan/generated/catalog';
import { definitions } from '@bilan/generated/definitions';

const PHARMACY = 'pharmacie-demo';
const AGE_NOT_ELIGIBLE = ageNotEligibleMessage(createRegistry(definitions).bands);

const stack = stackForFile();

/** A birth date 35 years and three months ago in Paris: between two bands. */
function ineligibleBirthDate(): string {
  const [year, ...rest] = birthDateFor('45to50').split('-');
  return [String(Number(year) + 12), ...rest].join('-');
}

async function typeBirthDate(page: Page, iso: string): Promise<void> {
  const [year = '', month = '', day = ''] = iso.split('-');
  await page.getByLabel('Jour', { exact: true }).fill(String(Number(day)));
  await page.getByLabel('Mois', { exact: true }).fill(String(Number(month)));
  await page.getByLabel('Année', { exact: true }).fill(year);
}

const summaryHasFocus = (page: Page) =>
  page.evaluate(() => document.activeElement?.classList.contains('error-summary') ?? false);
const send = (page: Page) => page.getByRole('button', { name: 'Accéder au questionnaire' }).click();

describe('registration', () => {
  it('refused, then corrected without reload: the number, the age, a server refusal, a lost connection, then in', async () => {
    const page = await stack.newPage({ width: 360, height: 740 });
    const proofs: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/verify-recaptcha'))
        proofs.push((JSON.parse(request.postData() ?? '{}') as { token: string }).token);
    });
    const identity: Identity = {
      civilite: 'Madame',
      prenom: 'Camille',
      nom: 'Correction',
      email: 'camille.correction@example.fr',
      birthDate: birthDateFor('45to50'),
    };
    await page.goto(`/${PHARMACY}/userform`);
    // The start panel (issue 34): how long, what to bring, nothing compulsory.
    const panel = page.getByRole('region', { name: 'Avant de commencer' });
    await panel.getByText(/^Environ \d+( à \d+)?\sminutes$/).waitFor();
    await panel.getByText('Munissez-vous de votre carnet de vaccination si vous l’avez.').waitFor();
    await fillRegistration(page, identity);
    await panel.getByText(`Environ ${createRegistry(catalog).latest('45to50').minutes}\u00a0minutes`).waitFor();
    const ssn = page.getByLabel('Numéro de sécurité sociale (facultatif)');
    await ssn.fill('12345');
    await send(page);

    // 1. The number: beside its field and in the summary, which has the focus.
    const summary = page.locator('.error-summary');
    await summary.getByRole('heading', { name: 'Il y a un problème' }).waitFor();
    expect(await summaryHasFocus(page)).toBe(true);
    expect(await summary.getByRole('link').allTextContents()).toEqual([
      'Le numéro de sécurité sociale compte 15\u00a0chiffres, clé comprise.',
    ]);
    expect(await ssn.getAttribute('aria-invalid')).toBe('true');
    expect(await ssn.evaluate((el) => el.getAttribute('aria-describedby'))).toContain('reg-ssn-error');
    expect(await seriousViolations(page, 'registration with errors: ')).toEqual([]);
    await expectNoSidewaysScroll(page);
    await summary.getByRole('link').click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('reg-ssn');
    await ssn.fill('');

    // 2. The age: said beside the date as soon as it is complete, before any bot check.
    await typeBirthDate(page, ineligibleBirthDate());
    await page.locator('#reg-birth-error').filter({ hasText: AGE_NOT_ELIGIBLE }).waitFor();
    await send(page);
    expect(await summary.getByRole('link').allTextContents()).toEqual([AGE_NOT_ELIGIBLE]);
    expect(await summaryHasFocus(page)).toBe(true);
    expect(proofs).toEqual([]);
    await typeBirthDate(page, identity.birthDate);
    await page.getByText(/Vous avez 47\sans\s: vous pouvez remplir le questionnaire des 45-50 ans\./).waitFor();

    // 3. The server refuses after the bot check (the request is altered on its way to carry an
    // ineligible date), 4. then the connection drops, 5. then the attempt goes through.
    let attempt = 0;
    await page.route('**/api/utilisateur/create', async (route) => {
      attempt += 1;
      if (attempt === 1) {
        const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
        await route.continue({ postData: JSON.stringify({ ...body, date_naissance: ineligibleBirthDate() }) });
      } else if (attempt === 2) await route.abort('internetdisconnected');
      else await route.continue();
    });
    await send(page);
    await summary.getByRole('link', { name: AGE_NOT_ELIGIBLE }).waitFor();
    expect(await page.getByLabel('Année', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await send(page);
    const failure = page.getByRole('alert').filter({ hasText: 'Impossible de communiquer avec le serveur.' });
    await failure.waitFor();
    expect(await page.getByLabel('Prénom *', { exact: true }).inputValue()).toBe('Camille');
    expect(await page.getByLabel('Année', { exact: true }).inputValue()).toBe(identity.birthDate.slice(0, 4));
    await failure.getByRole('button', { name: 'Réessayer' }).click();
    await page.waitForURL(`**/${PHARMACY}/parts45to50/general`);
    // One proof per attempt that reached the bot check, never the same twice (the server refuses a replay).
    expect(proofs).toHaveLength(3);
    expect(new Set(proofs).size).toBe(3);
    await page.context().close();
  });

  it('says the bot check in plain words and, tapped while it works, waits for it silently (issue 44)', async () => {
    const page = await stack.newPage({ width: 360, height: 740 });
    // The challenge arrives late: the check is still « Vérification en cours… » when the person taps.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/bot-check/challenge*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/${PHARMACY}/userform`);
    const check = page.locator('#reg-bot-check');
    await check.getByText('Vérification automatique que vous n’êtes pas un robot', { exact: false }).waitFor();
    // No provider's name, no attribution link or logo: nothing to tap that tells a patient nothing.
    expect(await check.innerText()).not.toMatch(/ALTCHA|anti-robot/);
    await fillRegistration(page, {
      civilite: 'Madame',
      prenom: 'Odette',
      nom: 'Patiente',
      birthDate: birthDateFor('70to75'),
    });
    // It starts working as the form is filled (the challenge arrives late): no link in it.
    await check.getByRole('status').filter({ hasText: 'Vérification en cours…' }).waitFor();
    expect(await check.getByRole('link').count()).toBe(0);
    // Every text the check shows from the tap on, until the questionnaire.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { botTexts: string[] }).botTexts = seen;
      const read = () => seen.push(document.querySelector('#reg-bot-check')?.textContent ?? '');
      setInterval(read, 20);
    });
    await send(page);
    await new Promise((resolve) => setTimeout(resolve, 500));
    release();
    await page.waitForURL('**/parts70to75/**', { timeout: 30_000 });
    const texts = await page.evaluate(() => (window as unknown as { botTexts?: string[] }).botTexts ?? []);
    expect(texts.filter((t) => /Échec/.test(t))).toEqual([]);
    const links = await check
      .getByRole('link')
      .count()
      .catch(() => 0);
    expect(links).toBe(0);
    await page.context().close();
  });

  it('the error summary works with the keyboard alone, and its links lead to the fields', async () => {
    const page = await stack.newPage({ width: 360, height: 740 });
    await page.goto(`/${PHARMACY}/userform`);
    await page.getByRole('heading', { level: 1, name: /Prenez soin de votre santé avec/ }).waitFor();
    await page.getByRole('button', { name: 'Accéder au questionnaire' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('.error-summary').waitFor();
    expect(await summaryHasFocus(page)).toBe(true);
    const links = await page.locator('.error-summary a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links).toEqual(['#reg-civilite', '#reg-prenom', '#reg-nom', '#reg-birth-day', '#reg-consent']);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('reg-civilite');
    // A field error is not a notification: no alert, only the summary and the fields.
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.context().close();
  });

  it('paints the pharmacy\'s page from its HTML, inert under "Chargement…", until the live form replaces it', async () => {
    const html = await (await fetch(`${stack.baseUrl}/${PHARMACY}/userform`)).text();
    expect(html).toContain(
      '<div id="root" data-snapshot><p class="route-loading" role="status">Chargement…</p><div inert>',
    );
    expect(html).toMatch(/<h1[^>]*>Prenez soin de votre santé avec (<!-- -->)?Pharmacie de démonstration<\/h1>/);
    expect(html).toMatch(
      /<script type="application\/json" id="pharmacie-de-la-page">\{"id":\d+,"name":"pharmacie-demo","nom":"Pharmacie de démonstration"\}<\/script>/,
    );

    const page = await stack.newPage({ width: 360, height: 740 });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const pharmacyCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/clients/public/')) pharmacyCalls.push(request.url());
    });
    // Its code blocked: the page is there, but nothing in it takes the focus or a keystroke.
    await page.route('**/assets/*.js', (route) =>
      route.request().url().includes('/assets/boot-') ? route.continue() : route.abort(),
    );
    await page.goto(`/${PHARMACY}/userform`, { waitUntil: 'commit' });
    await page.locator('h1').filter({ hasText: 'Pharmacie de démonstration' }).waitFor();
    expect(await page.locator('#root > .route-loading').textContent()).toBe('Chargement…');
    await page.locator('#reg-prenom').click({ force: true });
    await page.keyboard.type('Perdu');
    expect(await page.locator('#reg-prenom').inputValue()).toBe('');
    await page.unroute('**/assets/*.js');
    problems.length = 0;

    // With its code: the live form, which knew its pharmacy without asking the server.
    await page.goto(`/${PHARMACY}/userform`);
    expect(await page.locator('#root [inert]').count()).toBe(0);
    expect(await page.locator('.route-loading').allTextContents()).toEqual(['']);
    await page
      .getByRole('heading', { level: 1, name: 'Prenez soin de votre santé avec Pharmacie de démonstration' })
      .waitFor();
    await page.getByLabel('Prénom *').fill('Camille');
    expect(await page.getByLabel('Prénom *').inputValue()).toBe('Camille');
    expect(pharmacyCalls).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('asks the date of birth the same way in an English browser far from Paris', async () => {
    const page = await stack.newPage(
      { width: 1280, height: 900 },
      { locale: 'en-US', timezoneId: 'Pacific/Kiritimati' },
    );
    await page.goto(`/${PHARMACY}/userform`);
    await fillRegistration(page, {
      civilite: 'Monsieur',
      prenom: 'John',
      nom: 'Ailleurs',
      email: 'john.ailleurs@example.fr',
      birthDate: birthDateFor('70to75'),
    });
    await page.getByText(/Vous avez 72\sans\s: vous pouvez remplir le questionnaire des 70-75 ans\./).waitFor();
    await send(page);
    await page.waitForURL(`**/${PHARMACY}/parts70to75/general`);
    await page.context().close();
  });
});
