// What the server holds for a patient, and what the browser shows of it.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { readForm } from '@bilan/api/testing';
import type { Answers } from '@bilan/engine';
import type { Stack } from './harness';

/** The patient id a patient token carries. */
export function patientIdOf(token: string): number {
  return (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sub: number }).sub;
}

/**
 * The form stored for a patient token, read from the database file: once the form is finished the
 * server refuses its token on every patient route (D23), so the tests cannot ask the API.
 */
export function me(stack: Stack, token: string) {
  const form = readForm(stack.dbFile, patientIdOf(token));
  if (!form) throw new Error(`no form for patient ${patientIdOf(token)}`);
  return form;
}

/**
 * Whether the form is finished, seen both ways: stored as submitted, and its patient token
 * refused by the server with the code `form_submitted` (D23).
 */
export async function finishedOnServer(stack: Stack, token: string): Promise<boolean> {
  const response = await fetch(`${stack.baseUrl}/api/utilisateur/me`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { code?: string };
  return me(stack, token).status === 'submitted' && response.status === 401 && body.code === 'form_submitted';
}

/** The page shows no answer at all: no ticked box or chosen radio, no typed text, none of the given words. */
export async function expectNoAnswerShown(page: Page, words: string[] = []): Promise<void> {
  expect(await page.locator('input:checked').count()).toBe(0);
  const typed = await page
    .locator('input[type="text"], input[type="number"], textarea')
    .evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value).filter(Boolean));
  expect(typed).toEqual([]);
  const text = await page.locator('body').innerText();
  for (const word of words) expect(text).not.toContain(word);
}

/** Nothing wider than the screen: no sideways scrolling. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

/**
 * A box the person leaves unticked is stored as nothing, where a fixture may spell it `false`:
 * both mean "not ticked", so stored answers are compared without the false boxes.
 */
export function withoutFalse(answers: Answers): Answers {
  return Object.fromEntries(
    Object.entries(answers).map(([section, fields]) => [
      section,
      Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== false)),
    ]),
  );
}
