// « Suivant » never waits for the network (issue 34): how long after the click the next page's
// heading is on screen, in Chromium with a phone's CPU (4× slower) and a slow 4G connection
// (CDP emulation, Lighthouse's "slow 4G": 562.5 ms round trip, 1.6 Mbit/s down, 750 kbit/s up),
// for every « Suivant » of the four pages of each band in the real flow (the last one opens the
// review page). The ceiling, in the same run: the demo flow, whose « Suivant » touches no network.
// Run by `pnpm bench` (scripts/bench.ts), not by the tests: it lives here beside the e2e driver it uses.
import { chromium, type Page } from 'playwright-core';
import { createRegistry, type BandCode, type Definition } from '@bilan/engine';
import { definitions } from '@bilan/generated/definitions';
import { BANDS, fixtureOf } from '@bilan/fixtures';
import { birthDateFor, fillPage, register, REVIEW_TITLE } from './questionnaireDriver';

const registry = createRegistry(definitions);
const PHARMACY = 'pharmacie-demo';
const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6e6 * 0.9) / 8,
  uploadThroughput: (750e3 * 0.9) / 8,
};

/** Time from the click on « Suivant » to the frame after the next page's heading is in the page, measured in the page. */
async function timedNext(page: Page, nextTitle: string): Promise<number> {
  await page.evaluate((title: string) => {
    const w = window as unknown as { __clickAt: number; __shownAt: number };
    w.__clickAt = 0;
    w.__shownAt = 0;
    document.addEventListener('click', () => (w.__clickAt = performance.now()), { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (document.querySelector('h1')?.textContent?.trim() !== title) return;
      observer.disconnect();
      // The frame that paints it.
      requestAnimationFrame(() => (w.__shownAt = performance.now()));
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  }, nextTitle);
  await page.getByRole('button', { name: /^Suivant/ }).click();
  await page.waitForFunction(() => (window as unknown as { __shownAt: number }).__shownAt > 0, null, {
    timeout: 60_000,
  });
  return page.evaluate(() => {
    const w = window as unknown as { __clickAt: number; __shownAt: number };
    return w.__shownAt - w.__clickAt;
  });
}

async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
}

/** The four « Suivant » of one band, from its first page (already on screen) to the review page. */
async function walk(page: Page, definition: Definition, band: BandCode): Promise<number[]> {
  const answers = fixtureOf(band, 'typical').answers;
  const times: number[] = [];
  // Playwright's own script for waitForFunction is set up in the page on its first use (some
  // 50-90 ms on this CPU): before the first click, not inside the first measure.
  await page.waitForFunction(() => true);
  for (const [i, current] of definition.pages.entries()) {
    await page.getByRole('heading', { level: 1, name: current.title }).waitFor({ timeout: 60_000 });
    await fillPage(page, current, answers);
    times.push(await timedNext(page, definition.pages[i + 1]?.title ?? REVIEW_TITLE));
  }
  return times;
}

/** What the phase measured, in ms: every « Suivant » of the real flow, and of the demo (the ceiling). */
export interface NextPageTimes {
  real: number[];
  demo: number[];
}

/** The bench phase of `pnpm bench` (scripts/bench.ts prints the figures against bench/budgets.json). */
export async function measureNextPage(baseUrl: string, rounds: number): Promise<NextPageTimes> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const real: number[] = [];
  const demo: number[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      for (const band of BANDS) {
        const definition = registry.latest(band);
        const context = await browser.newContext({
          baseURL: baseUrl,
          locale: 'fr-FR',
          viewport: { width: 390, height: 844 },
        });
        const page = await context.newPage();
        page.on('dialog', (dialog) => void dialog.accept());
        // Registration at full speed (its bot check is not the point), then the phone's conditions.
        await register(page, PHARMACY, {
          civilite: 'Madame',
          prenom: 'Mesure',
          nom: `Banc-${band.replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? '')}`,
          birthDate: birthDateFor(band),
        });
        await page.waitForURL(`**/parts${band}/${definition.pages[0]?.route ?? 'general'}`, { timeout: 60_000 });
        await throttle(page);
        real.push(...(await walk(page, definition, band)));
        await context.close();

        const demoContext = await browser.newContext({
          baseURL: baseUrl,
          locale: 'fr-FR',
          viewport: { width: 390, height: 844 },
        });
        const demoPage = await demoContext.newPage();
        await demoPage.goto('/form');
        await demoPage.getByLabel('Votre adresse e-mail').fill('banc@example.fr');
        await demoPage.getByRole('button', { name: `${band.slice(0, 2)}-${band.slice(4)} ans` }).click();
        await throttle(demoPage);
        demo.push(...(await walk(demoPage, definition, band)));
        await demoContext.close();
      }
    }
  } finally {
    await browser.close();
  }
  return { real, demo };
}
