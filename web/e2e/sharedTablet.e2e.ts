// D23 on the pharmacy's shared tablet: one browser tab, patients one after the other. A
// patient's session ends at the thank-you page; a form in progress asks whose it is before it
// shows again; no screen ever shows one patient's answers to the next.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createRegistry, type Answers } from '@bilan/engine';
import { definitions } from '@bilan/generated/definitions';
import { fixtureOf } from '@bilan/fixtures';
import { seriousViolations } from './axe';
import { startStack, type Stack } from './harness';
import { readForm } from '@bilan/api/testing';
import { expectNoAnswerShown, finishedOnServer, patientIdOf } from './patientServer';
import {
  answerAllPages,
  birthDateFor,
  fillPage,
  register,
  answerResume,
  RESUME_TITLE,
  REVIEW_TITLE,
  sendFromReview,
  onSecondPage,
  tokenOf,
} from './questionnaireDriver';

const registry = createRegistry(definitions);
const PHARMACY = 'pharmacie-demo';
const TABLET = { width: 800, height: 1280 };
/** Words only the first patient typed: they must never show to anyone else. */
const SECRET = 'Parler de mon frère Octave';
const RESUME_QUESTION = RESUME_TITLE;

let stack: Stack;
let pharmacyDisplayName = '';

beforeAll(async () => {
  stack = await startStack();
  const response = await fetch(`${stack.baseUrl}/api/clients/public/${PHARMACY}`);
  pharmacyDisplayName = ((await response.json()) as { client: { nom: string } }).client.nom;
});

afterAll(async () => {
  await stack?.close();
});

/** Camille's 18-25 answers: the typical set, with words of her own on the last page. */
function camillesAnswers(): Answers {
  const answers = structuredClone(fixtureOf('18to25', 'typical').answers) as Answers;
  answers.addictionAndMentalHealth = { ...answers.addictionAndMentalHealth, customFocusTopics: SECRET };
  return answers;
}

const onStartScreen = async (page: Page) => {
  await page.waitForURL(`**/${PHARMACY}/userform`);
  await page.getByRole('heading', { level: 1, name: /Prenez soin de votre santé avec/ }).waitFor();
};

describe('the shared tablet', () => {
  it('two patients one after the other: the second never sees the first one’s answers, nor does Back, a reload or the link', async () => {
    const page = await stack.newPage(TABLET);
    const definition = registry.latest('18to25');
    await register(page, PHARMACY, {
      civilite: 'Madame',
      prenom: 'Camille',
      nom: 'Tablette',
      email: 'camille.tablette@example.fr',
      birthDate: birthDateFor('18to25'),
    });
    await page.waitForURL(`**/parts18to25/general`);
    const camillesToken = await tokenOf(page);
    await answerAllPages(page, definition, camillesAnswers(), `/${PHARMACY}/parts18to25`);
    await page.getByText(SECRET).waitFor();
    await sendFromReview(page);
    await page.waitForURL(`**/${PHARMACY}/thank-you`);
    await page
      .getByText(`Présentez-vous au comptoir de ${pharmacyDisplayName} : votre pharmacien a reçu vos réponses.`)
      .waitFor();
    expect(await seriousViolations(page, 'thank-you: ')).toEqual([]);
    expect(await page.evaluate(() => ({ ...sessionStorage }))).toEqual({});
    expect(await finishedOnServer(stack, camillesToken)).toBe(true);

    // Back, again and again: every questionnaire address of the history shows the start screen.
    for (let i = 0; i < definition.pages.length; i++) {
      await page.goBack();
      await onStartScreen(page);
      await expectNoAnswerShown(page, [SECRET]);
    }
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.reload();
    await onStartScreen(page);
    await expectNoAnswerShown(page, [SECRET]);
    // The pharmacy's link, opened again.
    await page.goto(`/${PHARMACY}/userform`);
    await onStartScreen(page);
    expect(await page.getByRole('dialog').count()).toBe(0);

    // The next patient, in the same tab.
    await register(page, PHARMACY, {
      civilite: 'Monsieur',
      prenom: 'Paul',
      nom: 'Suivant',
      email: 'paul.suivant@example.fr',
      birthDate: birthDateFor('18to25'),
    });
    for (const questionnairePage of definition.pages) {
      await page.waitForURL(`**/parts18to25/${questionnairePage.route}`);
      await page.getByRole('heading', { level: 1, name: questionnairePage.title, exact: true }).waitFor();
      // Paul's own civility answers « Vous êtes » in advance (issue 34): he clears it, to see nothing answered.
      if (questionnairePage === definition.pages[0]) {
        expect(await page.getByRole('radio', { name: 'Homme' }).isChecked()).toBe(true);
        await page
          .getByRole('button', { name: /^Effacer ma réponse/ })
          .first()
          .click();
      }
      await expectNoAnswerShown(page, [SECRET]);
      await page.getByRole('button', { name: /^Suivant/ }).click();
    }
    await page.getByRole('heading', { level: 1, name: REVIEW_TITLE }).waitFor();
    await page.getByText(/Vous avez répondu à 0\squestion sur/).waitFor();
    expect(await page.locator('body').innerText()).not.toContain(SECRET);
    await page.context().close();
  });

  it('a form left in progress asks whose it is when the link is opened again; "Non" forgets it, and Back never brings it back', async () => {
    const page = await stack.newPage(TABLET);
    await onSecondPage(page, PHARMACY, { prenom: 'Camille', nom: 'Partie', email: 'camille.partie@example.fr' });
    await page.locator('#physicalHealth_height').fill('172');

    // Someone opens the pharmacy's link in the same tab.
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(`/${PHARMACY}/userform`);
    const question = page.getByRole('dialog', { name: RESUME_QUESTION });
    await question.waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    expect(await seriousViolations(page, 'resume question: ')).toEqual([]);
    // Escape closes the question and forgets nothing.
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).not.toBeNull();
    await page.getByRole('button', { name: 'Reprendre le questionnaire commencé' }).click();
    await page.getByRole('button', { name: 'Non, commencer un nouveau questionnaire' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await expectNoAnswerShown(page);

    // Back reaches the first patient's page in the history (from the browser's cache, or loaded again): the start screen.
    await page.goBack();
    await onStartScreen(page);
    await expectNoAnswerShown(page);
    await page.context().close();
  });

  it('left idle 20 minutes, the next action asks whose form it is instead of answering; the clock alone asks too', async () => {
    const page = await stack.newPage(TABLET);
    await page.clock.install();
    const { second, birthDate } = await onSecondPage(page, PHARMACY, {
      prenom: 'Camille',
      nom: 'Pause',
      email: 'camille.pause@example.fr',
    });
    // Typed on this page, not yet validated with "Suivant".
    const height = page.locator('#physicalHealth_height');
    const radio = page.getByRole('radio').first();
    await height.fill('172');

    // 21 minutes later on the tablet's clock, without any timer firing: the next tap.
    await page.clock.setSystemTime((await page.evaluate(() => Date.now())) + 21 * 60_000);
    await radio.click();
    const question = page.getByRole('dialog', { name: RESUME_QUESTION });
    await question.waitFor();
    expect(await page.getByRole('radio').count()).toBe(0);
    // Keyboard only: the focus is in the dialog and Tab keeps it there.
    for (let i = 0; i < 5; i++) {
      expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 1, name: 'Questionnaire en pause' }).waitFor();
    expect(await height.count()).toBe(0);
    expect(await seriousViolations(page, 'paused form: ')).toEqual([]);
    await page.getByRole('button', { name: 'Reprendre le questionnaire commencé' }).click();
    await answerResume(page, birthDate);
    // Nothing was lost, and the tap that met the question answered nothing.
    await page.getByRole('heading', { level: 1, name: second.title }).waitFor();
    expect(await height.inputValue()).toBe('172');
    expect(await radio.isChecked()).toBe(false);

    // Left alone: after 20 minutes the answers leave the screen by themselves.
    await page.clock.fastForward('20:01');
    await question.waitFor();
    expect(await height.count()).toBe(0);
    expect(await seriousViolations(page, 'idle question: ')).toEqual([]);
    await page.context().close();
  });

  it('the resume question never names the first person, refuses a wrong birth date, and the third closes the form for good', async () => {
    const page = await stack.newPage(TABLET);
    const { birthDate } = await onSecondPage(page, PHARMACY, { prenom: 'Ophélie', nom: 'Discrète' });
    const token = await tokenOf(page);

    // The next person opens the link in the same tab.
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(`/${PHARMACY}/userform`);
    const question = page.getByRole('dialog', { name: RESUME_QUESTION });
    await question.waitFor();
    expect(await page.locator('body').innerText()).not.toMatch(/Ophélie|Discrète/);
    const [year = '', month = '', day = ''] = birthDate.split('-');
    const wrong = `${year}-${month}-${String((Number(day) % 28) + 1).padStart(2, '0')}`;
    await answerResume(page, wrong);
    await question.getByText('Il vous reste 2 essais.', { exact: false }).waitFor();
    expect(await seriousViolations(page, 'resume refused: ')).toEqual([]);
    expect(await page.locator('body').innerText()).not.toMatch(/Ophélie|Discrète/);
    await expectNoAnswerShown(page);
    await answerResume(page, wrong);
    await question.getByText('Il vous reste un essai.', { exact: false }).waitFor();
    await answerResume(page, wrong);
    await question.waitFor({ state: 'hidden' });
    await page.getByText(/Ce questionnaire est fermé sur cet appareil/).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    expect(await page.getByLabel('Prénom *', { exact: true }).inputValue()).toBe('');
    // The server erased the form and refuses its token from then on, even with the right date.
    const [, m = '', d = ''] = birthDate.split('-');
    const retry = await fetch(`${stack.baseUrl}/api/utilisateur/me/resume`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ jour: Number(d), mois: Number(m) }),
    });
    expect(retry.status).toBe(401);
    expect(readForm(stack.dbFile, patientIdOf(token))).toBeUndefined();
    expect(await page.locator('body').innerText()).not.toMatch(/Ophélie|Discrète/);
    await page.context().close();
  });

  it('« Arrêter et effacer mes réponses » deletes the form on the server after a confirmation, and the tablet forgets it', async () => {
    const page = await stack.newPage(TABLET);
    const definition = registry.latest('18to25');
    const [first, second] = definition.pages;
    if (!first || !second) throw new Error('pages');
    await register(page, PHARMACY, {
      civilite: 'Monsieur',
      prenom: 'Émile',
      nom: 'Effacé',
      birthDate: birthDateFor('18to25'),
    });
    await page.waitForURL(`**/parts18to25/${first.route}`);
    const token = await tokenOf(page);
    await fillPage(page, first, fixtureOf('18to25', 'typical').answers);
    await page.getByRole('button', { name: /^Suivant/ }).click();
    await page.getByRole('heading', { level: 1, name: second.title }).waitFor();
    await expect.poll(() => readForm(stack.dbFile, patientIdOf(token))?.savedPages ?? []).toEqual([first.section]);

    await page.getByRole('button', { name: 'Arrêter et effacer mes réponses' }).click();
    const confirm = page.getByRole('dialog', { name: 'Effacer vos réponses\u00a0?' });
    await confirm.waitFor();
    expect(await seriousViolations(page, 'erase confirmation: ')).toEqual([]);
    // « Non » keeps everything.
    await confirm.getByRole('button', { name: 'Non, continuer le questionnaire' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(readForm(stack.dbFile, patientIdOf(token))).toBeDefined();
    await page.getByRole('button', { name: 'Arrêter et effacer mes réponses' }).click();
    await confirm.getByRole('button', { name: 'Oui, effacer mes réponses' }).click();
    await onStartScreen(page);
    await page.getByText('Vos réponses ont été effacées.', { exact: false }).waitFor();
    // The message covers nothing: it sits above the start screen, not over its first field (issue 44).
    const message = await page.getByRole('status').filter({ hasText: 'Vos réponses ont été effacées.' }).boundingBox();
    const firstField = await page.getByRole('textbox').first().boundingBox();
    expect(message && firstField && message.y + message.height <= firstField.y).toBe(true);
    expect(await page.evaluate(() => ({ ...sessionStorage }))).toEqual({});
    expect(readForm(stack.dbFile, patientIdOf(token))).toBeUndefined();
    expect(await page.getByRole('dialog').count()).toBe(0);
    // Back brings nothing back.
    await page.goBack();
    await onStartScreen(page);
    await expectNoAnswerShown(page);
    await page.context().close();
  });
});
