// What the server holds for a patient token, read the way the browser would (GET /api/utilisateur/me).
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { Answers } from '@bilan/engine';
import type { PatientAndForm } from '../src/api/patientApi';
import type { Stack } from './harness';

export async function me(stack: Stack, token: string) {
  const response = await fetch(`${stack.baseUrl}/api/utilisateur/me`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as Pick<PatientAndForm, 'status' | 'reponses' | 'savedPages' | 'ageGroup'>;
}

/**
 * Whether the server holds the form as finished. A finished form's patient token reads it back
 * as `submitted`, or, once the server refuses a finished form's token on every patient route
 * (D23), is refused with the code `form_submitted`: both say the form was sent.
 */
export async function finishedOnServer(stack: Stack, token: string): Promise<boolean> {
  const response = await fetch(`${stack.baseUrl}/api/utilisateur/me`, { headers: { Authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { status?: string; code?: string };
  return (response.status === 200 && body.status === 'submitted') || (response.status === 401 && body.code === 'form_submitted');
}

/** The page shows no answer at all: no ticked box or chosen radio, no typed text, none of the given words. */
export async function expectNoAnswerShown(page: Page, words: string[] = []): Promise<void> {
  expect(await page.locator('input:checked').count()).toBe(0);
  const typed = await page.locator('input[type="text"], input[type="number"], textarea').evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value).filter(Boolean));
  expect(typed).toEqual([]);
  const text = await page.locator('body').innerText();
  for (const word of words) expect(text).not.toContain(word);
}

/** Nothing wider than the screen: no sideways scrolling. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(width);
}

/**
 * A box the person leaves unticked is stored as nothing, where a fixture may spell it `false`:
 * both mean "not ticked", so stored answers are compared without the false boxes.
 */
export function withoutFalse(answers: Answers): Answers {
  return Object.fromEntries(
    Object.entries(answers).map(([section, fields]) => [section, Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== false))]),
  );
}
