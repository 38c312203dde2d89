// The no-account demo flow (/form), the radio toggle in a real browser, and the developer's
// summary and submission screens; the real patient flow is in patientFlow.e2e.ts (two files, so
// that the end-to-end runs share the machine's cores).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRegistry } from '@bilan/engine';
import { definitions } from '@bilan/generated/definitions';
import { BANDS, fixtureOf } from '@bilan/fixtures';
import type { Answers, BandCode } from '@bilan/engine';
import { expectAccessible } from './axe';
import { screenshotsDir, stackForFile } from './harness';
import { withoutFalse } from './patientServer';
import { answerAllPages, fillPage, sendFromReview } from './questionnaireDriver';

const registry = createRegistry(definitions);
const PHARMACY = 'pharmacie-demo';

const stack = stackForFile();

describe('demo flow', () => {
  it('offers the four age cards on /form without serious accessibility problems', async () => {
    const page = await stack.newPage({ width: 390, height: 844 });
    await page.goto('/form');
    await page.getByRole('heading', { level: 1, name: 'Testez gratuitement' }).waitFor();
    for (const label of ['18-25 ans', '45-50 ans', '60-65 ans', '70-75 ans']) {
      expect(await page.getByRole('button', { name: label }).isVisible()).toBe(true);
    }
    await expectAccessible(page);
    await page.context().close();
  });

  for (const band of BANDS) {
    it(`reaches the ${band} demo thank-you page and mails both PDFs`, async () => {
      const definition = registry.latest(band);
      const fixture = fixtureOf(band, 'typical');
      const page = await stack.newPage();
      const email = `demo.${band}@example.fr`;
      await page.goto('/form');
      await page.getByLabel('Votre adresse e-mail').fill(email);
      await page.getByRole('button', { name: `${band.slice(0, 2)}-${band.slice(4)} ans` }).click();
      await answerAllPages(page, definition, fixture.answers, `/formulaire/test/parts${band}`);
      await sendFromReview(page);
      await page.waitForURL('**/formulaire/test/thank-you');
      await page.getByText('Merci d’avoir testé l’application').waitFor();
      if (band === '18to25') await expectAccessible(page);
      const mail = await stack.smtp.waitFor((m) => m.envelopeTo.includes(email));
      expect(mail.attachments.filter((a) => a.contentType === 'application/pdf').length).toBe(2);
      await page.getByRole('link', { name: 'Retour au formulaire' }).click();
      await page.waitForURL('**/form');
      await page.context().close();
    });
  }
});

describe('the demo keeps a buyer’s work (issue 34)', () => {
  it('checks the address before starting; when sending fails, the address is corrected on the thank-you page and the PDFs go again', async () => {
    const band = '45to50';
    const definition = registry.latest(band);
    const fixture = fixtureOf(band, 'typical');
    const page = await stack.newPage({ width: 390, height: 844 });
    await page.goto('/form');
    await page.getByLabel('Votre adresse e-mail').fill('pharmacien.exemple.fr');
    await page.getByRole('button', { name: '45-50 ans' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Adresse e-mail invalide\u00a0: exemple nom@pharmacie.fr' })
      .waitFor();
    expect(page.url()).toMatch(/\/form$/);
    await expectAccessible(page);
    await page.getByLabel('Votre adresse e-mail').fill('pharmacien@exemple.fr');
    await page.getByRole('button', { name: '45-50 ans' }).click();
    await answerAllPages(page, definition, fixture.answers, `/formulaire/test/parts${band}`);
    // The first sending fails on its way (the relay is down), the second goes through.
    let failures = 0;
    await page.route('**/api/send-test-email', async (route) => {
      if (failures++ === 0)
        await route.fulfill({
          status: 502,
          contentType: 'application/json',
          body: JSON.stringify({
            code: 'mail_failed',
            message: 'Le serveur d’envoi ne répond pas.',
            error: 'Bad Gateway',
          }),
        });
      else await route.continue();
    });
    await sendFromReview(page);
    await page.waitForURL('**/formulaire/test/thank-you');
    const alert = page
      .getByRole('alert')
      .filter({ hasText: 'Les PDF n’ont pas pu être envoyés à pharmacien@exemple.fr.' });
    await alert.waitFor();
    expect(await page.locator('body').innerText()).not.toMatch(/[❌✅]/u);
    await expectAccessible(page);
    await page.getByLabel('Adresse e-mail où envoyer les PDF').fill('pharmacienne@exemple.fr');
    await page.getByRole('button', { name: 'Renvoyer les PDF' }).click();
    await page.getByText('ont été envoyés à pharmacienne@exemple.fr', { exact: false }).waitFor({ timeout: 60_000 });
    const mail = await stack.smtp.waitFor((m) => m.envelopeTo.includes('pharmacienne@exemple.fr'));
    expect(mail.attachments.filter((a) => a.contentType === 'application/pdf').length).toBe(2);
    await page.context().close();
  });
});

describe('the demo forgives a typo (issue 44)', () => {
  it('suggests the provider meant, keeps address and answers back at the start, corrects the address on the review page and sends the same PDFs to another address', async () => {
    const band = '18to25';
    const definition = registry.latest(band);
    const fixture = fixtureOf(band, 'typical');
    const page = await stack.newPage({ width: 390, height: 844 });
    await page.goto('/form');
    const field = page.getByLabel('Votre adresse e-mail');
    await field.fill('camille@gmial.com');
    await field.blur();
    const suggestion = page.getByText('Vouliez-vous dire camille@gmail.com', { exact: false });
    await suggestion.waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Oui, corriger l’adresse' }).click();
    expect(await field.inputValue()).toBe('camille@gmail.com');
    expect(await suggestion.count()).toBe(0);
    // A typo the start did not catch: the review page corrects it.
    await field.fill('camille@gmail.con');
    await page.getByRole('button', { name: '18-25 ans' }).click();
    const [first] = definition.pages;
    await page.waitForURL(`**/formulaire/test/parts${band}/${first?.route ?? ''}`);
    await fillPage(page, first as (typeof definition.pages)[number], fixture.answers);
    // Back to the start (the browser's Back): the address and the page answered are still there.
    await page.goBack();
    await page.waitForURL('**/form');
    expect(await page.getByLabel('Votre adresse e-mail').inputValue()).toBe('camille@gmail.con');
    await page.getByRole('button', { name: '18-25 ans' }).click();
    // The first page comes back as it was answered: on to the next.
    await page.getByRole('heading', { level: 1, name: first?.title ?? '', exact: true }).waitFor();
    await page.getByRole('button', { name: /^Suivant/ }).click();
    await answerAllPages(page, definition, fixture.answers, `/formulaire/test/parts${band}`, 1);
    await page.getByText('Vouliez-vous dire camille@gmail.com', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Modifier l’adresse' }).click();
    await page.getByLabel('Adresse e-mail où envoyer les PDF').fill('camille.martin@gmail.com');
    await page.getByRole('button', { name: 'Enregistrer l’adresse' }).click();
    await page.getByText('partent à camille.martin@gmail.com', { exact: false }).waitFor();
    await sendFromReview(page);
    await page.waitForURL('**/formulaire/test/thank-you');
    await page.getByText('ont été envoyés à camille.martin@gmail.com', { exact: false }).waitFor({ timeout: 60_000 });
    // The same PDFs to a second address, without answering again.
    await page.getByRole('button', { name: 'Envoyer à une autre adresse' }).click();
    await page.getByLabel('Autre adresse e-mail où envoyer les mêmes PDF').fill('pharmacie.test@orange.fr');
    await page.getByRole('button', { name: 'Envoyer les PDF' }).click();
    await page.getByText('ont été envoyés à pharmacie.test@orange.fr', { exact: false }).waitFor({ timeout: 60_000 });
    for (const to of ['camille.martin@gmail.com', 'pharmacie.test@orange.fr']) {
      const mail = await stack.smtp.waitFor((m) => m.envelopeTo.includes(to));
      expect(mail.attachments.filter((a) => a.contentType === 'application/pdf').length).toBe(2);
    }
    expect(stack.smtp.messages.some((m) => m.envelopeTo.includes('camille@gmail.con'))).toBe(false);
    await expectAccessible(page);
    await page.context().close();
  });
});

describe('radio toggle in a real browser', () => {
  it('clears the chosen answer on a second click, keeps it on Space', async () => {
    const page = await stack.newPage();
    await page.goto('/form');
    await page.getByLabel('Votre adresse e-mail').fill('radio@example.fr');
    await page.getByRole('button', { name: '18-25 ans' }).click();
    await page.waitForURL('**/formulaire/test/parts18to25/general');
    const first = page.getByRole('radio').first();
    await first.click();
    expect(await first.isChecked()).toBe(true);
    await first.click();
    expect(await first.isChecked()).toBe(false);
    await first.focus();
    await page.keyboard.press('Space');
    expect(await first.isChecked()).toBe(true);
    await page.keyboard.press('Space');
    expect(await first.isChecked()).toBe(true);
    await page.context().close();
  });
});

describe('summary and submission screens', () => {
  it('show the demo answers, download them, and send them to the three test calls', async () => {
    const band: BandCode = '60to65';
    const definition = registry.latest(band);
    const fixture = fixtureOf(band, 'typical');
    const first = definition.pages[0];
    if (!first) throw new Error('no page');
    const email = 'resume@example.fr';
    const page = await stack.newPage();
    await page.goto('/form');
    await page.getByLabel('Votre adresse e-mail').fill(email);
    await page.getByRole('button', { name: '60-65 ans' }).click();
    await page.waitForURL(`**/formulaire/test/parts${band}/${first.route}`);
    await fillPage(page, first, fixture.answers);
    await page.getByRole('button', { name: /^Suivant/ }).click();
    await page.waitForURL(`**/formulaire/test/parts${band}/${definition.pages[1]?.route ?? ''}`);
    // Demo answers live in memory (D13): move inside the app, as its own links do, without a reload.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/summary');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { level: 1, name: 'Résumé des réponses' }).waitFor();
    const shown = JSON.parse((await page.locator('pre').textContent()) ?? '{}') as Answers;
    expect(withoutFalse(shown)[first.section]).toEqual(withoutFalse(fixture.expected.normalized)[first.section]);
    const logs: string[] = [];
    page.on('console', (message) => logs.push(message.text()));
    await page.getByRole('button', { name: 'Afficher les réponses dans la console' }).click();
    await expect.poll(() => logs.length).toBeGreaterThan(0);
    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Télécharger les réponses (JSON)' }).click(),
    ]);
    expect(json.suggestedFilename()).toBe('questionnaire_responses.json');
    await page.getByRole('link', { name: 'Finaliser et Soumettre' }).click();
    await page.getByRole('heading', { level: 1, name: 'Soumission des réponses' }).waitFor();
    await page.getByRole('button', { name: 'Soumettre au serveur' }).click();
    await page.getByRole('status').filter({ hasText: 'Réponses sauvegardées avec succès !' }).waitFor();
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Télécharger le PDF rempli' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe('Bilan_Prevention_Test.pdf');
    await page.getByRole('button', { name: 'Envoyer par e-mail' }).click();
    await page.getByRole('status').filter({ hasText: 'Email envoyé avec succès !' }).waitFor();
    await stack.smtp.waitFor((m) => m.envelopeTo.includes(email));
    await page.context().close();
  });

  it('opens the first page of a demo questionnaire from its HTML, then answers it live', async () => {
    const definition = registry.latest('45to50');
    const [first, second] = definition.pages;
    if (!first || !second) throw new Error('pages');
    const html = await (await fetch(`${stack.baseUrl}/formulaire/test/parts45to50/${first.route}`)).text();
    expect(html).toContain('<div id="root" data-snapshot>');
    expect(html).toContain(`>${first.title}</h1>`);
    const page = await stack.newPage({ width: 360, height: 740 });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`/formulaire/test/parts45to50/${first.route}`);
    await page.getByRole('heading', { level: 1, name: first.title }).waitFor();
    await page.getByRole('button', { name: /^Suivant/ }).click();
    await page.getByRole('heading', { level: 1, name: second.title }).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('registration page has no serious accessibility problem', async () => {
    const page = await stack.newPage({ width: 390, height: 844 });
    await page.goto(`/${PHARMACY}/userform`);
    await page.getByRole('heading', { level: 1, name: /Prenez soin de votre santé avec/ }).waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: join(screenshotsDir, 'registration-390.png'), fullPage: true });
    // Comfortable on a 360 px phone: nothing wider than the screen.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.goto('/formulaire/test/parts45to50/general');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.goto(`/${PHARMACY}/questionnaire-25-60`);
    await page.waitForURL(`**/${PHARMACY}/userform`);
    await page.goto('/pharmacie-inconnue/userform');
    await page.getByRole('heading', { level: 1, name: 'Pharmacie introuvable' }).waitFor();
    await page.context().close();
  });
});
