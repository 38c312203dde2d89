import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import type { Page } from 'playwright-core';
import { addPharmacyAccount } from '@bilan/api/testing';
import { adminRoutes } from '../src/admin/routes';
import { pharmacyRoutes } from '../src/pharmacy/routes';
import { staffRoutes } from '../src/staff/routes';
import { seriousViolations } from './axe';
import { stackForFile } from './harness';
import { COUNTER_PHARMACY, loginAsStaff, sendUrgentForm } from './staffPages';

// Patient mode (issue 44 point 2, D40): « Passer la tablette au patient » locks the dashboard on
// this device and opens the patient's form in its place; every staff address then shows the lock
// and nothing of the forms, the staff API refuses the session, a wrong code is refused, and the
// right one brings the pharmacist back to the page asked for.
const stack = stackForFile();
const PHARMA = COUNTER_PHARMACY;
const CODE = '2468';

/** Every staff address of the web app, from its route tables, made concrete. */
function staffAddresses(formId: number): string[] {
  const paths = (routes: RouteObject[]) => routes.map((r) => r.path ?? '');
  return [...paths(staffRoutes), ...paths(adminRoutes), ...paths(pharmacyRoutes)].map((path) =>
    path.replace(':pharmacyName', PHARMA.name).replace(':formId', String(formId)),
  );
}

/** What the page's own script gets from a staff call, as the web app makes it. */
async function staffCall(page: Page, url: string): Promise<{ status: number; code: string }> {
  return page.evaluate(async (address) => {
    const res = await fetch(address, { headers: { 'X-Bilan-Client': 'web' } });
    const body = (await res.json()) as { code?: string };
    return { status: res.status, code: body.code ?? '' };
  }, url);
}

const lockHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Tablette en mode patient' });

describe('patient mode on the counter tablet', () => {
  it('locks the dashboard on this device, shows the lock on every staff address, and unlocks with the code', async () => {
    const pharmacyId = await addPharmacyAccount(stack.dbFile, PHARMA);
    const formId = await sendUrgentForm(stack, pharmacyId, 'Delacroix', 'Séverine');
    const page = await stack.newPage({ width: 800, height: 1280 });
    await loginAsStaff(stack, page, PHARMA);
    await page.waitForURL(`**/${PHARMA.name}/dashboard`);
    await page
      .getByText(/Séverine/)
      .first()
      .waitFor();

    // The dialog: named, Escape closes it and the focus goes back to the button.
    const hand = page.getByRole('button', { name: 'Passer la tablette au patient' });
    await hand.click();
    const dialog = page.getByRole('dialog', { name: 'Passer la tablette au patient' });
    await dialog.waitFor();
    expect(await seriousViolations(page, 'hand dialog ')).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await hand.evaluate((el) => el === document.activeElement)).toBe(true);

    // A code that is not 4 to 8 digits is refused before anything is locked.
    await hand.click();
    await dialog.getByLabel('Code de déverrouillage (facultatif, 4 à 8 chiffres)').fill('12');
    await dialog.getByRole('button', { name: 'Verrouiller et ouvrir le questionnaire' }).click();
    await dialog.getByText(/^Le code doit contenir de 4 à 8 chiffres/).waitFor();
    await dialog.getByLabel('Code de déverrouillage (facultatif, 4 à 8 chiffres)').fill(CODE);
    await dialog.getByRole('button', { name: 'Verrouiller et ouvrir le questionnaire' }).click();
    await page.waitForURL(`**/${PHARMA.name}/userform`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    // The browser's Back (the dashboard's entry was replaced, the page before it is a staff page,
    // perhaps kept whole by the browser's cache) shows the lock, never the forms.
    await page.goBack();
    await lockHeading(page).waitFor();
    expect((await page.locator('body').textContent()) ?? '').not.toMatch(/Séverine|Delacroix|Questionnaires reçus/i);
    await page.goForward();
    await page.waitForURL(`**/${PHARMA.name}/userform`);

    // No patient page leads to the staff pages, nor the legal pages its footer opens.
    for (const address of [`/${PHARMA.name}/userform`, '/mentions-legales', '/politiqueConfidentialite', '/cgu']) {
      await page.goto(address);
      await page.locator('main').first().waitFor();
      const staffLinks = page.locator('a[href*="login"], a[href*="dashboard"], a[href*="admin"]');
      expect(await staffLinks.count(), address).toBe(0);
    }

    // Every staff address shows the lock, and nothing of the forms.
    const addresses = staffAddresses(formId);
    expect(addresses).toEqual(expect.arrayContaining(['/login', `/${PHARMA.name}/dashboard`, '/admin/dashboard']));
    for (const address of addresses) {
      await page.goto(address);
      await lockHeading(page).waitFor();
      const text = (await page.locator('body').textContent()) ?? '';
      expect(text, address).not.toMatch(/Séverine|Delacroix|Questionnaires reçus|Urgent/i);
      expect(await page.getByRole('heading', { name: 'Tableau de bord' }).count(), address).toBe(0);
    }
    expect(await seriousViolations(page, 'lock screen ')).toEqual([]);

    // The staff API refuses the session, whatever the page's script asks.
    for (const url of ['/api/responses/grouped', `/api/forms/${formId}`, '/api/auth/me']) {
      expect(await staffCall(page, url), url).toEqual({ status: 423, code: 'session_locked' });
    }

    // A wrong code is refused in French; the right one opens the page that was asked for.
    await page.goto(`/${PHARMA.name}/dashboard/formulaires/${formId}`);
    await lockHeading(page).waitFor();
    await page.getByLabel('Mot de passe ou code', { exact: true }).fill('1111');
    await page.getByRole('button', { name: 'Déverrouiller' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /^Code incorrect\. Il vous reste 4 essais/ })
      .waitFor();
    expect(await staffCall(page, '/api/responses/grouped')).toEqual({ status: 423, code: 'session_locked' });
    await page.getByLabel('Mot de passe ou code', { exact: true }).fill(CODE);
    await page.getByRole('button', { name: 'Déverrouiller' }).click();
    await page
      .getByText(/Séverine/)
      .first()
      .waitFor();
    expect(new URL(page.url()).pathname).toBe(`/${PHARMA.name}/dashboard/formulaires/${formId}`);
    await page.goto(`/${PHARMA.name}/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
    expect((await staffCall(page, '/api/responses/grouped')).status).toBe(200);
    // The public pages offer the login again.
    await page.goto('/mentions-legales');
    await page.getByRole('link', { name: 'Se connecter' }).waitFor();
  });

  it('lets a locked tablet be ended with « Se déconnecter »', async () => {
    const page = await stack.newPage({ width: 800, height: 1280 });
    await loginAsStaff(stack, page, PHARMA);
    await page.waitForURL(`**/${PHARMA.name}/dashboard`);
    await page.getByRole('button', { name: 'Passer la tablette au patient' }).click();
    await page.getByRole('button', { name: 'Verrouiller et ouvrir le questionnaire' }).click();
    await page.waitForURL(`**/${PHARMA.name}/userform`);
    await page.goto(`/${PHARMA.name}/dashboard`);
    await lockHeading(page).waitFor();
    // Without a code, a code is refused: the password is asked.
    await page.getByLabel('Mot de passe ou code', { exact: true }).fill(CODE);
    await page.getByRole('button', { name: 'Déverrouiller' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /saisissez le mot de passe du compte/ })
      .waitFor();
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('heading', { level: 1, name: 'Connexion' }).waitFor();
    expect((await staffCall(page, '/api/responses/grouped')).status).toBe(401);
  });
});
