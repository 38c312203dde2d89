// Drives the questionnaire pages in the browser from an answer set, the way a person would:
// clicks on radios and boxes, typing in numbers and texts, page after page.
import type { Page } from 'playwright-core';
import { createRegistry, type Answers, type BandCode, type Definition, type ResolvedPage } from '@bilan/engine';
import { definitions } from '@bilan/generated/definitions';
import { fixtureOf } from '@bilan/fixtures';

/** A birth date that puts a person in the middle of a band today (Europe/Paris, D19). */
export function birthDateFor(band: BandCode, now = new Date()): string {
  const age = { '18to25': 21, '45to50': 47, '60to65': 62, '70to75': 72 }[band];
  const today = now.toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const birth = new Date(Date.UTC(y - age, m - 1, d));
  birth.setUTCMonth(birth.getUTCMonth() - 3);
  return birth.toISOString().slice(0, 10);
}

/** Fills one page: two passes, so a question revealed by an earlier answer is answered too. */
export async function fillPage(page: Page, questionnairePage: ResolvedPage, answers: Answers): Promise<void> {
  // The address changes before the page renders (its code loads lazily) and the previous page's
  // heading is still there: only this page's own heading says its questions are on screen.
  await page.getByRole('heading', { level: 1, name: questionnairePage.title, exact: true }).waitFor();
  const section = answers[questionnairePage.section] ?? {};
  const id = (key: string) => `#${questionnairePage.section}_${key}`;
  for (let pass = 0; pass < 2; pass++) {
    for (const item of questionnairePage.items) {
      switch (item.kind) {
        case 'notice':
          break;
        case 'single': {
          const value = section[item.key];
          if (typeof value !== 'string') break;
          const radio = page.locator(
            `input[type="radio"][name="${questionnairePage.section}_${item.key}"][value="${value.replace(/"/g, '\\"')}"]`,
          );
          if ((await radio.count()) === 0 || (await radio.isChecked())) break;
          await radio.check();
          break;
        }
        case 'checkboxes':
          for (const box of item.boxes) {
            if (section[box.key] !== true) continue;
            const input = page.locator(id(box.key));
            if ((await input.count()) === 0 || (await input.isChecked())) continue;
            await input.check();
          }
          break;
        default: {
          const value = section[item.key];
          if (value === undefined) break;
          const input = page.locator(id(item.key));
          if ((await input.count()) === 0) break;
          if ((await input.inputValue()) === String(value)) break;
          await input.fill(String(value));
        }
      }
    }
  }
}

export const REVIEW_TITLE = 'Vérifiez vos réponses avant l’envoi';

/** Waits until every page's save has reached the server (the real flow's « Enregistrement… » is gone). */
export async function savesDone(page: Page): Promise<void> {
  await page.waitForFunction(() => [...document.querySelectorAll('.saving-note')].every((n) => n.textContent === ''));
}

/**
 * Answers every page of a definition (from the `from`-th) and presses each page's "Suivant";
 * stops on the review page that follows the last, once every save has reached the server.
 */
export async function answerAllPages(
  page: Page,
  definition: Definition,
  answers: Answers,
  pathPrefix: string,
  from = 0,
): Promise<void> {
  for (const questionnairePage of definition.pages.slice(from)) {
    await page.waitForURL(`**${pathPrefix}/${questionnairePage.route}`);
    await fillPage(page, questionnairePage, answers);
    await page.getByRole('button', { name: /^Suivant/ }).click();
  }
  await page.getByRole('heading', { level: 1, name: REVIEW_TITLE }).waitFor();
  await savesDone(page);
}

/** On the review page (D26): presses "Envoyer mes réponses". */
export async function sendFromReview(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: REVIEW_TITLE }).waitFor();
  await page.getByRole('button', { name: 'Envoyer mes réponses' }).click();
}

export interface Identity {
  civilite: string;
  prenom: string;
  nom: string;
  /** Left blank when absent (D30: no address needed). */
  email?: string;
  birthDate: string;
}

/** Fills the registration form and submits it; the ALTCHA widget solves its challenge on submit. */
export async function register(page: Page, pharmacyName: string, identity: Identity): Promise<void> {
  await page.goto(`/${pharmacyName}/userform`);
  await fillRegistration(page, identity);
  await page.getByRole('button', { name: 'Accéder au questionnaire' }).click();
}

/** Fills the registration form of the page as it is (date of birth as jour, mois, année), without sending it. */
export async function fillRegistration(page: Page, identity: Identity): Promise<void> {
  await page.getByLabel('Civilité *', { exact: true }).selectOption(identity.civilite);
  await page.getByLabel('Prénom *', { exact: true }).fill(identity.prenom);
  await page.getByLabel('Nom *', { exact: true }).fill(identity.nom);
  const [year = '', month = '', day = ''] = identity.birthDate.split('-');
  await page.getByLabel('Jour', { exact: true }).fill(day);
  await page.getByLabel('Mois', { exact: true }).fill(month);
  await page.getByLabel('Année', { exact: true }).fill(year);
  if (identity.email) await page.getByLabel('Adresse e-mail (facultatif)', { exact: true }).fill(identity.email);
  await page.locator('#reg-consent').check();
}

export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  if (!token) throw new Error('no patient token in sessionStorage');
  return token;
}

/** The resume question's title (D31): it never names the person. */
export const RESUME_TITLE = 'Un questionnaire a été commencé sur cet appareil. Est-ce le vôtre\u00a0?';

/** Answers the resume question (D31) with the day and month of a birth date (YYYY-MM-DD). */
export async function answerResume(page: Page, birthDate: string): Promise<void> {
  const [, month = '', day = ''] = birthDate.split('-');
  const dialog = page.getByRole('dialog', { name: RESUME_TITLE });
  await dialog.getByLabel('Jour de naissance', { exact: true }).fill(String(Number(day)));
  await dialog.getByLabel('Mois de naissance', { exact: true }).fill(String(Number(month)));
  await dialog.getByRole('button', { name: 'Oui, reprendre mon questionnaire' }).click();
}

/**
 * The shared tablet's first patient (D31, D39): a 45-50 person registered at `pharmacyName`,
 * page 1 answered, page 2 on screen and nothing typed there yet. Its second page and birth date,
 * for the resume question.
 */
export async function onSecondPage(
  page: Page,
  pharmacyName: string,
  who: Omit<Identity, 'civilite' | 'birthDate'>,
): Promise<{ second: ResolvedPage; birthDate: string }> {
  const [first, second] = createRegistry(definitions).latest('45to50').pages;
  if (!first || !second) throw new Error('the 45-50 questionnaire has fewer than two pages');
  const birthDate = birthDateFor('45to50');
  await register(page, pharmacyName, { civilite: 'Madame', ...who, birthDate });
  await page.waitForURL(`**/parts45to50/${first.route}`);
  await fillPage(page, first, fixtureOf('45to50', 'typical').answers);
  await page.getByRole('button', { name: /^Suivant/ }).click();
  await page.getByRole('heading', { level: 1, name: second.title }).waitFor();
  return { second, birthDate };
}
