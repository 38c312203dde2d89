// Navigation and honest states (issue 13, points 5 and 6): "Précédent" and the browser's Back
// keep answers, a review page with "Modifier" comes before the finishing call (D26), an empty
// questionnaire is confirmed first, Escape loses nothing, and every wait says so at once, even
// on a slow 3G network.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createRegistry } from '@bilan/engine';
import { definitions } from '@bilan/generated/definitions';
import { fixtureOf } from '@bilan/fixtures';
import { seriousViolations } from './axe';
import { stackForFile } from './harness';
import { expectNoSidewaysScroll } from './patientServer';
import {
  birthDateFor,
  fillPage,
  fillRegistration,
  register,
  REVIEW_TITLE,
  sendFromReview,
} from './questionnaireDriver';

const registry = createRegistry(definitions);
const PHARMACY = 'pharmacie-demo';

const stack = stackForFile();

const checkedValues = (page: Page) =>
  page
    .locator('input:checked')
    .evaluateAll((els) => els.map((el) => `${(el as HTMLInputElement).name}=${(el as HTMLInputElement).value}`));

describe('navigation', () => {
  it('"Précédent" and Back keep the answers; the review page shows them with "Modifier"; Escape loses nothing', async () => {
    const band = '45to50';
    const definition = registry.latest(band);
    const answers = fixtureOf(band, 'typical').answers;
    const [first, second, third] = definition.pages;
    if (!first || !second || !third) throw new Error('pages');
    const page = await stack.newPage({ width: 360, height: 740 });
    await register(page, PHARMACY, {
      civilite: 'Monsieur',
      prenom: 'Paul',
      nom: 'Retour',
      email: 'paul.retour@example.fr',
      birthDate: birthDateFor(band),
    });
    await page.waitForURL(`**/parts${band}/${first.route}`);
    await fillPage(page, first, answers);
    const firstPage = await checkedValues(page);
    expect(firstPage.length).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Précédent' }).count()).toBe(0);
    await page.getByRole('button', { name: /^Suivant/ }).click();
    await page.getByRole('heading', { level: 1, name: second.title }).waitFor();
    await fillPage(page, second, answers);
    const secondPage = await checkedValues(page);
    const height = await page.locator('#physicalHealth_height').inputValue();
    await page.keyboard.press('Escape');
    expect(await checkedValues(page)).toEqual(secondPage);
    await expectNoSidewaysScroll(page);

    // "Précédent" without saving, then the browser's Back and Forward: nothing typed is lost.
    await page.getByRole('button', { name: 'Précédent' }).click();
    await page.getByRole('heading', { level: 1, name: first.title }).waitFor();
    expect(await checkedValues(page)).toEqual(firstPage);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: second.title }).waitFor();
    expect(await checkedValues(page)).toEqual(secondPage);
    expect(await page.locator('#physicalHealth_height').inputValue()).toBe(height);
    await page.getByRole('button', { name: /^Suivant/ }).click();
    for (const rest of definition.pages.slice(2)) {
      await page.getByRole('heading', { level: 1, name: rest.title }).waitFor();
      await fillPage(page, rest, answers);
      await page.getByRole('button', { name: /^Suivant/ }).click();
    }

    // The review page: every page, its answers, "Modifier", the count of unanswered questions.
    await page.getByRole('heading', { level: 1, name: REVIEW_TITLE }).waitFor();
    await page.getByText(/Vous avez répondu à \d+\squestions sur \d+\./).waitFor();
    expect(await page.getByRole('link', { name: /^Modifier les réponses de la page/ }).count()).toBe(
      definition.pages.length,
    );
    const secondBlock = page.getByRole('region', { name: second.title });
    await secondBlock.getByText(`${height} cm`).waitFor();
    expect(await seriousViolations(page, 'review: ')).toEqual([]);
    await expectNoSidewaysScroll(page);

    // "Modifier" the second page, change the height, and come back to the review.
    await secondBlock.getByRole('link', { name: /^Modifier/ }).click();
    await page.getByRole('heading', { level: 1, name: second.title }).waitFor();
    await page.locator('#physicalHealth_height').fill('181');
    await page.getByRole('button', { name: 'Revenir à la vérification' }).click();
    await page.getByRole('heading', { level: 1, name: REVIEW_TITLE }).waitFor();
    await secondBlock.getByText('181 cm').waitFor();
    await sendFromReview(page);
    await page.waitForURL(`**/${PHARMACY}/thank-you`);
    await page.context().close();
  });

  it('asks before sending a questionnaire without any answer; Escape sends nothing', async () => {
    const band = '70to75';
    const definition = registry.latest(band);
    const page = await stack.newPage({ width: 360, height: 740 });
    await register(page, PHARMACY, {
      civilite: 'Madame',
      prenom: 'Jeanne',
      nom: 'Vide',
      email: 'jeanne.vide@example.fr',
      birthDate: birthDateFor(band),
    });
    for (const questionnairePage of definition.pages) {
      await page.getByRole('heading', { level: 1, name: questionnairePage.title, exact: true }).waitFor();
      // The civility answered « Vous êtes » in advance (issue 34): cleared, so that nothing is answered.
      if (questionnairePage === definition.pages[0])
        await page
          .getByRole('button', { name: /^Effacer ma réponse/ })
          .first()
          .click();
      await page.getByRole('button', { name: /^Suivant/ }).click();
    }
    await page.getByText(/Vous avez répondu à 0\squestion sur/).waitFor();
    await page.getByRole('button', { name: 'Envoyer mes réponses' }).click();
    const confirm = page.getByRole('dialog', { name: /Envoyer un questionnaire sans aucune réponse/ });
    await confirm.waitFor();
    expect(await seriousViolations(page, 'empty confirmation: ')).toEqual([]);
    await expectNoSidewaysScroll(page);
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });
    expect(page.url()).toContain(`/parts${band}/summary`);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).not.toBeNull();
    await page.getByRole('button', { name: 'Envoyer mes réponses' }).click();
    await confirm.getByRole('button', { name: 'Envoyer sans réponse' }).click();
    await page.waitForURL(`**/${PHARMACY}/thank-you`);
    await page.context().close();
  });

  it('on a slow 3G network, every wait shows its loading state before the network answers, never a blank page', async () => {
    const page = await stack.newPage({ width: 360, height: 740 });
    // A timeline of what the page shows, kept from the first byte of every document.
    await page.addInitScript(() => {
      const w = window as unknown as { __shown: Array<{ t: number; state: string }>; __clicks: number[] };
      w.__shown = [];
      w.__clicks = [];
      const waiting = () =>
        [...document.querySelectorAll('[role="status"], button')].some(
          (el) => /Chargement|Envoi…/.test(el.textContent ?? '') && el.getClientRects().length > 0,
        );
      const record = () => {
        // Before <div id="root"> is parsed nothing can be painted: the timeline starts with it.
        const root = document.getElementById('root');
        if (!root) return;
        const state = waiting() ? 'loading' : root.innerText.trim() !== '' ? 'content' : 'blank';
        if (w.__shown.at(-1)?.state !== state) w.__shown.push({ t: performance.now(), state });
      };
      new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
      document.addEventListener('click', () => w.__clicks.push(performance.now()), true);
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    // Chrome's "Slow 3G": 400 ms of latency, about 50 kB/s each way.
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 400,
      downloadThroughput: 50 * 1024,
      uploadThroughput: 50 * 1024,
    });
    await page.goto(`/${PHARMACY}/userform`, { waitUntil: 'commit', timeout: 120_000 });
    await page
      .getByRole('heading', { level: 1, name: /Prenez soin de votre santé avec/ })
      .waitFor({ timeout: 120_000 });
    // The page from its HTML first (inert, under "Chargement…"), then the live screen.
    await page.waitForFunction(() => !document.querySelector('#root [inert]'), null, { timeout: 120_000 });
    const load = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      // The app's code: not the few lines that fetch it once the page is painted (web/prerender.ts).
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
        (r) => (r.initiatorType === 'script' || r.name.endsWith('.js')) && !r.name.includes('/assets/boot-'),
      );
      return {
        responseEnd: navigation.responseEnd,
        firstScriptEnd: Math.min(...scripts.map((r) => r.responseEnd)),
        firstPaint: paint?.startTime ?? null,
        shown: (window as unknown as { __shown: Array<{ t: number; state: string }> }).__shown,
      };
    });
    // The first thing painted is the page from its HTML under its loading message, before the
    // app's code has even arrived (an ordering, not a stopwatch: a busy test machine delays both alike)…
    expect(load.firstPaint).not.toBeNull();
    expect(load.firstPaint ?? Infinity).toBeGreaterThanOrEqual(load.responseEnd);
    expect(load.firstPaint ?? Infinity).toBeLessThan(load.firstScriptEnd);
    // …and from then on the page is never blank: loading, then the form.
    expect(load.shown.map((s) => s.state)).not.toContain('blank');
    expect(load.shown[0]?.state).toBe('loading');
    expect(load.shown.at(-1)?.state).toBe('content');

    // The registration sent over the slow network: "Envoi…" at once, then the next screen's loading.
    await fillRegistration(page, {
      civilite: 'Madame',
      prenom: 'Lise',
      nom: 'Lente',
      email: 'lise.lente@example.fr',
      birthDate: birthDateFor('60to65'),
    });
    await page.evaluate(() => ((window as unknown as { __shown: unknown[] }).__shown = []));
    await page.getByRole('button', { name: 'Accéder au questionnaire' }).click();
    await page
      .getByRole('heading', { level: 1, name: registry.latest('60to65').pages[0]?.title })
      .waitFor({ timeout: 120_000 })
      .catch(async (error: unknown) => {
        throw new Error(`${String(error)}\nThe page shows: ${await page.locator('body').innerText()}`);
      });
    const sent = await page.evaluate(() => {
      const w = window as unknown as { __shown: Array<{ t: number; state: string }>; __clicks: number[] };
      const create = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((r) =>
        r.name.includes('/api/utilisateur/create'),
      );
      return { click: w.__clicks.at(-1) ?? 0, answered: create?.responseEnd ?? 0, shown: w.__shown };
    });
    // "Envoi…" shows after the click and before the server's answer comes back over the slow
    // network (what the form did before the click, the bot check finishing say, is not the point).
    const afterClick = sent.shown.filter((s) => s.t >= sent.click);
    expect(afterClick[0]?.state).toBe('loading');
    expect(afterClick[0]?.t ?? Infinity).toBeLessThan(sent.answered);
    expect(afterClick.map((s) => s.state)).not.toContain('blank');
    await page.context().close();
  });
});
