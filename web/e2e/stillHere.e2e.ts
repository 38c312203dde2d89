// D39 on the pharmacy's shared tablet: patient A leaves in the middle of page 2; after 3 minutes
// the page asks « Vous êtes toujours là ? », 60 seconds later A's answers hide behind the resume
// question at an address without A's age band; Back lands there too; A finds the typed page again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { startStack, type Stack } from './harness';
import { expectNoAnswerShown } from './patientServer';
import { answerResume, onSecondPage, RESUME_TITLE } from './questionnaireDriver';

const PHARMACY = 'pharmacie-demo';
const TABLET = { width: 800, height: 1280 };
const STILL_HERE = 'Vous êtes toujours là\u00a0?';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

describe('« Vous êtes toujours là ? » on the shared tablet (D39)', () => {
  it('asks after 3 minutes, hides A’s answers 60 s later at a neutral address, Back shows none of them, A resumes the typed page', async () => {
    const page = await stack.newPage(TABLET);
    await page.clock.install();
    const { second, birthDate } = await onSecondPage(page, PHARMACY, {
      prenom: 'Camille',
      nom: 'Comptoir',
      email: 'camille.comptoir@example.fr',
    });
    const height = page.locator('#physicalHealth_height');
    // A taps the field before typing: the idle clock counts from the last tap or key, and fill()
    // presses none, so the 3 minutes would otherwise count from page 1's « Suivant », and the
    // real seconds a busy machine spends loading page 2 would bring the question before 02:59.
    await height.click();
    await height.fill('172');

    // A walks away: 3 minutes later, the question, announced by its title, the focus inside it.
    await page.clock.fastForward('02:59');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.clock.fastForward('00:02');
    const stillHere = page.getByRole('dialog', { name: STILL_HERE });
    await stillHere.waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    const box = await page.getByRole('button', { name: 'Oui, je continue' }).boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(await seriousViolations(page, 'still here: ')).toEqual([]);

    // No answer within 60 seconds: the answers leave the screen, the address holds no band.
    await page.clock.fastForward('01:00');
    const resume = page.getByRole('dialog', { name: RESUME_TITLE });
    await resume.waitFor();
    await page.waitForURL(`**/${PHARMACY}/pause`);
    expect(page.url()).not.toMatch(/parts|45to50/);
    expect(await height.count()).toBe(0);
    await expectNoAnswerShown(page, ['Camille', 'Comptoir', '172']);

    // B at the tablet: Escape, Back, Back again: never a page of A's form, never the band.
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { level: 1, name: 'Questionnaire en pause' }).waitFor();
    expect(await page.getByRole('button', { name: /Précédent/ }).count()).toBe(0);
    await page.goBack();
    await page.waitForURL(`**/${PHARMACY}/pause`);
    await resume.waitFor();
    expect(await page.getByRole('radio').count()).toBe(0);
    await expectNoAnswerShown(page, ['Camille', 'Comptoir', '172']);
    expect(page.url()).not.toMatch(/parts|45to50/);

    // A comes back: the birth date, then the page being typed, as it was.
    await answerResume(page, birthDate);
    await page.getByRole('heading', { level: 1, name: second.title }).waitFor();
    expect(await height.inputValue()).toBe('172');
    await page.context().close();
  });
});
