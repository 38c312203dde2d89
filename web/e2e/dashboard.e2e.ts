import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addPharmacyAccount, insertFormsOf, readAuditLog } from '@bilan/api/testing';
import { seriousViolations } from './axe';
import { join } from 'node:path';
import { screenshotsDir, stackForFile } from './harness';
import { expectNoSidewaysScroll } from './patientServer';
import { COUNTER_PHARMACY, loginAsStaff, sendUrgentForm } from './staffPages';

// The pharmacist's dashboard at the counter (issue 15): triage, status, search, pages, an empty
// month, a form arriving while the page is open, the phone layout, the form read in the page.
const stack = stackForFile();
const PHARMA = {
  ...COUNTER_PHARMACY,
  // The act's amount (issue 40): set, so that « Bilan réalisé » records it.
  department: '75',
};
const OTHER = {
  name: 'pharmacie-voisine',
  nom: 'Pharmacie Voisine',
  email: 'voisine@example.fr',
  password: 'voisine tablette bleue',
};

async function expectAccessible(page: Page, what: string): Promise<void> {
  expect(await seriousViolations(page, `${what} `)).toEqual([]);
}

const login = (page: Page, who: { email: string; password: string }) => loginAsStaff(stack, page, who);
const urgentPatient = (pharmacyId: number, lastName: string, firstName: string) =>
  sendUrgentForm(stack, pharmacyId, lastName, firstName);

const cards = (page: Page) => page.getByRole('list', { name: 'Questionnaires' }).getByRole('listitem');
const cardNames = (page: Page) => cards(page).getByRole('heading').allTextContents();

describe('the pharmacist dashboard at the counter', () => {
  it('lists an urgent form first with its badge, records the bilan, searches, pages, says an empty month, shows a form arriving, fits 360 px', async () => {
    const pharmacyId = await addPharmacyAccount(stack.dbFile, PHARMA);
    const otherId = await addPharmacyAccount(stack.dbFile, OTHER);
    const now = Date.now();
    // 52 ordinary forms sent in the last minute (this month), Hélène Lefèvre among them.
    const people = Array.from({ length: 51 }, (_, i) => ({
      lastName: `Martin${String(i).padStart(2, '0')}`,
      firstName: 'Paul',
      submittedAt: new Date(now - 60_000 + i * 100).toISOString(),
    }));
    people.push({ lastName: 'Lefèvre', firstName: 'Hélène', submittedAt: new Date(now - 30_000).toISOString() });
    insertFormsOf(stack.dbFile, pharmacyId, people, new Date(now));
    const otherForm = insertFormsOf(
      stack.dbFile,
      otherId,
      [{ lastName: 'Voisin', firstName: 'Hélène', submittedAt: new Date(now).toISOString() }],
      new Date(now),
    )[0];

    const page = await stack.newPage({ width: 1280, height: 900 });
    await page.clock.install();
    await login(page, PHARMA);
    await page.waitForURL(`**/${PHARMA.name}/dashboard`);
    await cards(page).first().waitFor();
    expect(await cards(page).count()).toBe(50);
    await page.getByText('Page 1 sur 2 (52 questionnaires)').waitFor();
    await expectAccessible(page, 'dashboard');

    // A form with an urgent signal arrives while the page is open: listed first, with its badge, within 30 s.
    const urgentId = await urgentPatient(pharmacyId, 'Urgent', 'Camille');
    await page.clock.fastForward(20_000);
    await page.getByText('Nouveau questionnaire reçu.').waitFor();
    await page.getByRole('heading', { name: 'Urgent Camille' }).waitFor();
    expect((await cardNames(page))[0]).toBe('Urgent Camille');
    const first = cards(page).first();
    await first.getByText('Urgent', { exact: true }).waitFor();
    expect(await first.textContent()).toContain('Idées suicidaires ou tentative de suicide');
    const count = (term: string) =>
      page
        .locator('dl.dashboard-counts > div', { has: page.locator('dt', { hasText: term }) })
        .locator('dd')
        .textContent();
    expect(await count('Urgent')).toBe('1');
    expect(await count('À voir')).toBe('0');
    expect(await count('Reçus')).toBe('53');

    // The form read in the page, then the bilan recorded: the counts follow.
    await page.screenshot({ path: join(screenshotsDir, 'dashboard-list-1280.png'), fullPage: false });
    await first.getByRole('link', { name: /^Ouvrir/ }).click();
    await page.waitForURL(`**/dashboard/formulaires/${urgentId}`);
    await page.getByRole('heading', { name: 'Points du bilan' }).waitFor();
    await page.screenshot({ path: join(screenshotsDir, 'dashboard-form-1280.png'), fullPage: false });
    await page.getByRole('heading', { name: /Idées suicidaires ou tentative de suicide/ }).waitFor();
    // Issue 31: the counter guidance of the suicide rule, on the pharmacist's page only.
    const guidance = page.getByRole('note', { name: 'Au comptoir' });
    expect(await guidance.textContent()).toContain('ne la laissez pas seule et appelez le 15');
    expect(await guidance.getByRole('link', { name: 'Appeler le 15' }).getAttribute('href')).toBe('tel:15');
    await page.getByRole('heading', { name: 'Réponses' }).waitFor();
    await expectAccessible(page, 'form page');
    await page.getByRole('button', { name: 'Bilan réalisé', exact: true }).click();
    await page
      .getByText(/^Bilan réalisé le /)
      .first()
      .waitFor();
    await page.getByRole('link', { name: 'Retour à la liste' }).click();
    await page.waitForURL(`**/${PHARMA.name}/dashboard`);
    await page.getByText('Page 1 sur 2 (53 questionnaires)').waitFor();
    expect(await count('Urgent')).toBe('0');
    expect(await count('Réalisés')).toBe('1');
    // The newest form, it stays first by date, with its level (D32) and its status.
    expect((await cardNames(page))[0]).toBe('Urgent Camille');
    expect(await cards(page).first().getByText('Urgent', { exact: true }).count()).toBe(1);
    await cards(page)
      .first()
      .getByText(/^Bilan réalisé le /)
      .waitFor();

    // Pages.
    await page.getByRole('button', { name: 'Page suivante' }).click();
    await page.getByText('Page 2 sur 2 (53 questionnaires)').waitFor();
    expect(await cards(page).count()).toBe(3);

    // Search by first name with and without accents, and by last name without accents; never the other pharmacy's.
    const search = page.getByLabel('Rechercher (prénom, nom ou date de naissance)');
    for (const q of ['Hélène', 'helene', 'HELENE', 'lefevre']) {
      await search.fill(q);
      await page.waitForFunction(() => document.querySelectorAll('ul.form-cards > li').length === 1);
      expect(await cardNames(page)).toEqual(['Lefèvre Hélène']);
    }

    // An empty month says so in words.
    await search.fill('');
    // The months are named in French whatever the browser's language (this Chromium's is English).
    const month = page.getByLabel('Mois', { exact: true });
    const oldest = month.locator('option').last();
    const oldestLabel = (await oldest.textContent()) ?? '';
    expect(oldestLabel).toMatch(
      /^(Janvier|Février|Mars|Avril|Mai|Juin|Juillet|Août|Septembre|Octobre|Novembre|Décembre) \d{4}$/,
    );
    await month.selectOption((await oldest.getAttribute('value')) ?? '');
    await page.getByText(`Aucun questionnaire en ${oldestLabel.toLowerCase()}.`).waitFor();
    expect(await cards(page).count()).toBe(0);

    // A 360 px phone: cards, no sideways scroll, targets of 44 px at least.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByLabel('Tous les mois').check();
    await cards(page).first().waitFor();
    await expectNoSidewaysScroll(page);
    for (const target of [
      cards(page)
        .first()
        .getByRole('link', { name: /^Ouvrir/ }),
      cards(page)
        .first()
        .getByRole('button', { name: /^Bilan\.pdf/ }),
      page.getByRole('button', { name: 'Se déconnecter' }),
      page.locator('label[for="dash-all"]'),
    ]) {
      const box = await target.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
    await expectAccessible(page, 'dashboard 360 px');
    await page.screenshot({ path: join(screenshotsDir, 'dashboard-list-360.png'), fullPage: true });
    // The first card's name shows on the first screen of a 360 × 740 phone, and the counts take one line.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(screenshotsDir, 'dashboard-first-screen-360.png') });
    const firstName = await cards(page).first().getByRole('heading').boundingBox();
    // This trial server runs without the legal notice's facts, so every page starts with the D38
    // banner, which a real pharmacy's server never shows: the page is measured below it.
    const banner = (await page.locator('.legal-notice-banner').boundingBox())?.height ?? 0;
    expect((firstName?.y ?? Infinity) - banner).toBeLessThan(740 - (firstName?.height ?? 0));
    const countTops = await page
      .locator('dl.dashboard-counts > div')
      .evaluateAll(
        (items) =>
          new Set(
            items.filter((i) => i.getClientRects().length > 0).map((i) => Math.round(i.getBoundingClientRect().top)),
          ).size,
      );
    expect(countTops).toBe(1);
    // The form's page at 360 px: long titles and source addresses wrap, nothing scrolls sideways.
    await cards(page)
      .first()
      .getByRole('link', { name: /^Ouvrir/ })
      .click();
    await page.getByRole('heading', { name: 'Points du bilan' }).waitFor();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: join(screenshotsDir, 'dashboard-form-360.png'), fullPage: true });
    await page.goBack();
    await cards(page).first().waitFor();

    // « Affiche et lien » holds the link, the QR code and the poster.
    await page.getByRole('link', { name: 'Affiche et lien' }).click();
    await page.waitForURL(`**/${PHARMA.name}/dashboard/affiche`);
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, 'poster page');

    // Another pharmacy's form, by its id in the address: not found, nothing shown.
    await page.goto(`/${PHARMA.name}/dashboard/formulaires/${otherForm}`);
    await page.getByText('Questionnaire introuvable.').waitFor();
    expect(await page.getByText('Voisin').count()).toBe(0);
    expect(readAuditLog(stack.dbFile).filter((a) => a.patient_id === otherForm)).toEqual([]);
  });
});
