import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createRegistry } from '@bilan/engine';
import { definitions } from '@bilan/generated/definitions';
import { fixtureOf } from '@bilan/fixtures';
import type { Answers, BandCode } from '@bilan/engine';
import { seriousViolations } from './axe';
import { repoRoot, startStack, type Stack } from './harness';
import { finishedOnServer, me, withoutFalse } from './patientServer';
import { answerAllPages, birthDateFor, fillPage, register, sendFromReview, tokenOf } from './questionnaireDriver';

const registry = createRegistry(definitions);

const BANDS: BandCode[] = ['18to25', '45to50', '60to65', '70to75'];
const PHARMACY = 'pharmacie-demo';
const screenshots = join(repoRoot, 'artifacts', 'screenshots');

function typical(band: BandCode) {
  return fixtureOf(band, 'typical');
}

/** No serious or critical axe violation on the page as it is now. */
async function expectAccessible(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
}

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
  mkdirSync(screenshots, { recursive: true });
});

afterAll(async () => {
  await stack?.close();
});

describe('real patient flow', () => {
  for (const band of BANDS) {
    it(`takes a ${band} patient from the registration page to the thank-you page and stores the answers`, async () => {
      const definition = registry.latest(band);
      const fixture = typical(band);
      const page = await stack.newPage();
      await register(page, PHARMACY, { civilite: 'Madame', prenom: 'Camille', nom: `Essai${band}`, email: `camille.${band}@example.fr`, birthDate: birthDateFor(band) });
      await page.waitForURL(`**/${PHARMACY}/parts${band}/general`);
      if (band === '18to25') await expectAccessible(page);
      const first = definition.pages[0];
      if (!first) throw new Error('no page');
      await page.getByRole('heading', { level: 1, name: first.title }).waitFor();
      await expectAccessible(page);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: join(screenshots, `${band}-${first.route}-${width}.png`), fullPage: true });
      }
      const token = await tokenOf(page);
      await answerAllPages(page, definition, fixture.answers, `/${PHARMACY}/parts${band}`);
      if (band === '18to25') await expectAccessible(page);
      const form = await me(stack, token);
      expect(form.ageGroup).toBe(band);
      expect(withoutFalse(form.reponses)).toEqual(withoutFalse(fixture.expected.normalized));
      await sendFromReview(page);
      await page.waitForURL(`**/${PHARMACY}/thank-you`);
      await page.getByRole('heading', { level: 1, name: 'MERCI !' }).waitFor();
      await expectAccessible(page);
      expect(await finishedOnServer(stack, token)).toBe(true);
      await page.getByRole('link', { name: "Retour à l’accueil" }).click();
      await page.waitForURL(`**/${PHARMACY}/userform`);
      await page.context().close();
    });
  }

  it('loses nothing when the page is reloaded in the middle of the flow', async () => {
    const band: BandCode = '45to50';
    const definition = registry.latest(band);
    const fixture = typical(band);
    const page = await stack.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.accept();
    });
    await register(page, PHARMACY, { civilite: 'Monsieur', prenom: 'Paul', nom: 'Rechargement', email: 'paul@example.fr', birthDate: birthDateFor(band) });
    const [first, second] = definition.pages;
    if (!first || !second) throw new Error('pages');
    await page.waitForURL(`**/parts${band}/${first.route}`);
    await fillPage(page, first, fixture.answers);
    await page.getByRole('button', { name: 'Suivant ➡' }).click();
    await page.waitForURL(`**/parts${band}/${second.route}`);
    await page.getByRole('heading', { level: 1, name: second.title }).waitFor();
    await page.reload();
    // D23: a form reloaded from the server first asks whose it is, then says where it resumed (D13).
    await page.getByRole('button', { name: 'Oui, c’est moi' }).click();
    await page.getByRole('heading', { level: 1, name: second.title }).waitFor();
    expect(dialogs).toContain('beforeunload');
    await page.getByRole('status').filter({ hasText: /Questionnaire repris à l’étape 2 sur 4/ }).waitFor();
    // The registration page with a live token asks the same, then goes back to the first page not yet saved.
    await page.goto(`/${PHARMACY}/userform`);
    await page.getByRole('button', { name: 'Oui, c’est moi' }).click();
    await page.waitForURL(`**/parts${band}/${second.route}`);
    const token = await tokenOf(page);
    expect(withoutFalse((await me(stack, token)).reponses)[first.section]).toEqual(withoutFalse(fixture.expected.normalized)[first.section]);
    await answerAllPages(page, { ...definition, pages: definition.pages.slice(1) }, fixture.answers, `/${PHARMACY}/parts${band}`);
    expect(withoutFalse((await me(stack, token)).reponses)).toEqual(withoutFalse(fixture.expected.normalized));
    await sendFromReview(page);
    await page.waitForURL(`**/${PHARMACY}/thank-you`);
    expect(await finishedOnServer(stack, token)).toBe(true);
    await page.context().close();
  });

  it('can be completed with the keyboard alone', async () => {
    const band: BandCode = '70to75';
    const definition = registry.latest(band);
    const page = await stack.newPage();
    await page.goto(`/${PHARMACY}/userform`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const focus = () => page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | null;
      return { tag: el?.tagName ?? '', type: el?.type ?? '', id: el?.id ?? '', text: el?.textContent ?? '' };
    });
    const tabTo = async (id: string) => {
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press('Tab');
        if ((await focus()).id === id) return;
      }
      throw new Error(`could not reach #${id} with Tab`);
    };
    await tabTo('reg-civilite');
    await page.keyboard.type('Madame');
    await tabTo('reg-prenom');
    await page.keyboard.type('Jeanne');
    await tabTo('reg-nom');
    await page.keyboard.type('Clavier');
    const [y = '', m = '', d = ''] = birthDateFor(band).split('-');
    await tabTo('reg-birth-day');
    await page.keyboard.type(d);
    await tabTo('reg-birth-month');
    await page.keyboard.type(m);
    await tabTo('reg-birth-year');
    await page.keyboard.type(y);
    await tabTo('reg-email');
    await page.keyboard.type('jeanne@example.fr');
    await tabTo('reg-consent');
    await page.keyboard.press('Space');
    for (let i = 0; i < 40 && (await focus()).text !== 'Accéder au questionnaire'; i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/parts${band}/general`);
    const token = await tokenOf(page);
    for (const questionnairePage of definition.pages) {
      await page.waitForURL(`**/parts${band}/${questionnairePage.route}`);
      await page.getByRole('heading', { level: 1, name: questionnairePage.title }).waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
      // The heading has the focus; answer the first radio group met, tick the first box met.
      let answeredRadio = false;
      let tickedBox = false;
      for (let i = 0; i < 300; i++) {
        await page.keyboard.press('Tab');
        const now = await focus();
        if (now.type === 'radio' && !answeredRadio) {
          await page.keyboard.press('Space');
          answeredRadio = true;
        } else if (now.type === 'checkbox' && !tickedBox) {
          await page.keyboard.press('Space');
          tickedBox = true;
        } else if (now.tag === 'BUTTON' && /Suivant/.test(now.text)) break;
      }
      await page.keyboard.press('Enter');
    }
    // The review page (D26): its heading has the focus; Tab reaches "Envoyer mes réponses".
    await page.waitForURL(`**/parts${band}/summary`);
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    const answered = await me(stack, token);
    expect(Object.values(answered.reponses).some((section) => Object.keys(section).length > 0)).toBe(true);
    for (let i = 0; i < 80 && (await focus()).text !== 'Envoyer mes réponses'; i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/${PHARMACY}/thank-you`);
    expect(await finishedOnServer(stack, token)).toBe(true);
    await page.context().close();
  });
});

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
      const fixture = typical(band);
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

describe('radio toggle in a real browser', () => {
  it('clears the chosen answer on a second click, keeps it on Space', async () => {
    const page = await stack.newPage();
    await page.goto('/form');
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
    const fixture = typical(band);
    const first = definition.pages[0];
    if (!first) throw new Error('no page');
    const email = 'resume@example.fr';
    const page = await stack.newPage();
    await page.goto('/form');
    await page.getByLabel('Votre adresse e-mail').fill(email);
    await page.getByRole('button', { name: '60-65 ans' }).click();
    await page.waitForURL(`**/formulaire/test/parts${band}/${first.route}`);
    await fillPage(page, first, fixture.answers);
    await page.getByRole('button', { name: 'Suivant ➡' }).click();
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
    const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger les réponses (JSON)' }).click()]);
    expect(json.suggestedFilename()).toBe('questionnaire_responses.json');
    await page.getByRole('link', { name: 'Finaliser et Soumettre' }).click();
    await page.getByRole('heading', { level: 1, name: 'Soumission des réponses' }).waitFor();
    await page.getByRole('button', { name: 'Soumettre au serveur' }).click();
    await page.getByRole('status').filter({ hasText: 'Réponses sauvegardées avec succès !' }).waitFor();
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger le PDF rempli' }).click()]);
    expect(pdf.suggestedFilename()).toBe('Bilan_Prevention_Test.pdf');
    await page.getByRole('button', { name: 'Envoyer par e-mail' }).click();
    await page.getByRole('status').filter({ hasText: 'Email envoyé avec succès !' }).waitFor();
    await stack.smtp.waitFor((m) => m.envelopeTo.includes(email));
    await page.context().close();
  });

  it('registration page has no serious accessibility problem', async () => {
    const page = await stack.newPage({ width: 390, height: 844 });
    await page.goto(`/${PHARMACY}/userform`);
    await page.getByRole('heading', { level: 1, name: /Prenez soin de votre santé avec/ }).waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: join(screenshots, 'registration-390.png'), fullPage: true });
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
