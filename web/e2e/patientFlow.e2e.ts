import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRegistry } from '@bilan/engine';
import { definitions } from '@bilan/generated/definitions';
import { BANDS, fixtureOf } from '@bilan/fixtures';
import type { BandCode } from '@bilan/engine';
import { expectAccessible } from './axe';
import { screenshotsDir, stackForFile } from './harness';
import { finishedOnServer, me, withoutFalse } from './patientServer';
import {
  answerAllPages,
  answerResume,
  birthDateFor,
  fillPage,
  register,
  savesDone,
  sendFromReview,
  tokenOf,
} from './questionnaireDriver';

const registry = createRegistry(definitions);

const PHARMACY = 'pharmacie-demo';

/** A patient's last name for a band, in letters only (issue 30): « Essai-bidecf » for 18to25. */
const lettersOf = (band: string) => `Essai-${band.replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? '')}`;

const stack = stackForFile();

describe('real patient flow', () => {
  for (const band of BANDS) {
    // The 70-75 patient has no e-mail address (D30): the flow is the same, without a confirmation.
    const withoutEmail = band === '70to75';
    it(`takes a ${band} patient${withoutEmail ? ' without an e-mail address' : ''} from the registration page to the thank-you page and stores the answers`, async () => {
      const definition = registry.latest(band);
      const fixture = fixtureOf(band, 'typical');
      const page = await stack.newPage();
      await register(page, PHARMACY, {
        civilite: 'Madame',
        prenom: 'Camille',
        // Names are letters (issue 30): the band's digits spelt as letters.
        nom: lettersOf(band),
        ...(withoutEmail ? {} : { email: `camille.${band}@example.fr` }),
        birthDate: birthDateFor(band),
      });
      await page.waitForURL(`**/${PHARMACY}/parts${band}/general`);
      if (band === '18to25') await expectAccessible(page);
      const first = definition.pages[0];
      if (!first) throw new Error('no page');
      await page.getByRole('heading', { level: 1, name: first.title }).waitFor();
      await expectAccessible(page);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: join(screenshotsDir, `${band}-${first.route}-${width}.png`), fullPage: true });
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
      // The pharmacy is told either way; the patient gets a confirmation only at an address they gave.
      await stack.smtp.waitFor((m) => m.subject.startsWith('Nouveau') && m.text.includes(lettersOf(band)));
      // (The confirmation repeats nothing typed, security round: it is told apart by its address.)
      const confirmation = (m: { subject: string; envelopeTo: string[] }) =>
        m.subject === 'Votre questionnaire de prévention a bien été reçu' &&
        m.envelopeTo.some((to) => to.includes(band));
      if (withoutEmail) expect(stack.smtp.messages.filter(confirmation)).toEqual([]);
      else expect((await stack.smtp.waitFor(confirmation)).envelopeTo).toEqual([`camille.${band}@example.fr`]);
      await page.getByRole('link', { name: 'Retour à l’accueil' }).click();
      await page.waitForURL(`**/${PHARMACY}/userform`);
      await page.context().close();
    });
  }

  it('loses nothing when the page is reloaded in the middle of the flow', async () => {
    const band: BandCode = '45to50';
    const definition = registry.latest(band);
    const fixture = fixtureOf(band, 'typical');
    const page = await stack.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.accept();
    });
    const birthDate = birthDateFor(band);
    await register(page, PHARMACY, {
      civilite: 'Monsieur',
      prenom: 'Paul',
      nom: 'Rechargement',
      email: 'paul@example.fr',
      birthDate,
    });
    const [first, second] = definition.pages;
    if (!first || !second) throw new Error('pages');
    await page.waitForURL(`**/parts${band}/${first.route}`);
    await fillPage(page, first, fixture.answers);
    await page.getByRole('button', { name: /^Suivant/ }).click();
    await page.waitForURL(`**/parts${band}/${second.route}`);
    await page.getByRole('heading', { level: 1, name: second.title }).waitFor();
    await savesDone(page);
    await page.reload();
    // D31: a form reloaded first asks the day and month of birth, then says where it resumed (D13).
    await answerResume(page, birthDate);
    await page.getByRole('heading', { level: 1, name: second.title }).waitFor();
    expect(dialogs).toContain('beforeunload');
    await page
      .getByRole('status')
      .filter({ hasText: /Questionnaire repris à l’étape 2 sur 4/ })
      .waitFor();
    // The registration page with a live token asks the same, then goes back to the first page not yet saved.
    await page.goto(`/${PHARMACY}/userform`);
    await answerResume(page, birthDate);
    await page.waitForURL(`**/parts${band}/${second.route}`);
    const token = await tokenOf(page);
    expect(withoutFalse((await me(stack, token)).reponses)[first.section]).toEqual(
      withoutFalse(fixture.expected.normalized)[first.section],
    );
    await answerAllPages(
      page,
      { ...definition, pages: definition.pages.slice(1) },
      fixture.answers,
      `/${PHARMACY}/parts${band}`,
    );
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
    const focus = () =>
      page.evaluate(() => {
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
    for (let i = 0; i < 40 && (await focus()).text !== 'Accéder au questionnaire'; i++)
      await page.keyboard.press('Tab');
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

  it('« Suivant » never waits: the pages follow each other offline, the saves wait in order and go through when the connection is back', async () => {
    const band: BandCode = '45to50';
    const definition = registry.latest(band);
    const fixture = fixtureOf(band, 'typical');
    const page = await stack.newPage();
    await register(page, PHARMACY, {
      civilite: 'Monsieur',
      prenom: 'Hors',
      nom: 'Ligne',
      birthDate: birthDateFor(band),
    });
    const [first, second, third] = definition.pages;
    if (!first || !second || !third) throw new Error('pages');
    await page.waitForURL(`**/parts${band}/${first.route}`);
    await page.getByRole('heading', { level: 1, name: first.title }).waitFor();
    const token = await tokenOf(page);
    await page.context().setOffline(true);
    await fillPage(page, first, fixture.answers);
    await page.getByRole('button', { name: /^Suivant/ }).click();
    await page.getByRole('heading', { level: 1, name: second.title }).waitFor();
    await page.locator('.saving-note').filter({ hasText: 'Enregistrement…' }).waitFor();
    await fillPage(page, second, fixture.answers);
    await page.getByRole('button', { name: /^Suivant/ }).click();
    await page.getByRole('heading', { level: 1, name: third.title }).waitFor();
    // After 10 s pending, the calm banner and « Réessayer ».
    const banner = page.locator('.slow-save-banner');
    await banner.waitFor({ timeout: 30_000 });
    expect(await banner.innerText()).toMatch(/prend plus de temps que prévu/);
    await expectAccessible(page);
    expect(me(stack, token).savedPages).toEqual([]);
    await page.context().setOffline(false);
    // « Réessayer » sends at once; the queue's own back-off may get there first on a busy machine
    // (the banner then goes before the click lands): either way the saves must go through.
    await Promise.race([
      banner
        .getByRole('button', { name: 'Réessayer' })
        .click({ timeout: 15_000 })
        // Lost to the back-off: the button went with the banner, which the next line waits for.
        .catch(() => undefined),
      banner.waitFor({ state: 'hidden' }),
    ]);
    await banner.waitFor({ state: 'hidden' });
    await expect.poll(() => me(stack, token).savedPages).toEqual([first.section, second.section]);
    await savesDone(page);
    // The rest of the flow, then the finishing call: every answer stored, in order.
    await answerAllPages(page, definition, fixture.answers, `/${PHARMACY}/parts${band}`, 2);
    expect(withoutFalse(me(stack, token).reponses)).toEqual(withoutFalse(fixture.expected.normalized));
    await sendFromReview(page);
    await page.waitForURL(`**/${PHARMACY}/thank-you`);
    expect(await finishedOnServer(stack, token)).toBe(true);
    await page.context().close();
  });
});
