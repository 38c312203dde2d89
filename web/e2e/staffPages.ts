import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { httpCall, identityFor, registerPatient, savePage, submit, typicalPages } from '@bilan/api/testing';
import type { Stack } from './harness';

// What the staff's end-to-end files share: a login through the real pages, and a patient whose
// form carries an urgent signal, sent through the real API.

/** The counter pharmacy of the dashboard's and the patient mode's end-to-end files. */
export const COUNTER_PHARMACY = {
  name: 'pharmacie-comptoir',
  nom: 'Pharmacie du Comptoir',
  email: 'comptoir@example.fr',
  password: 'comptoir tablette verte',
};

/** Logs in through the real pages, the second factor read from the test SMTP server. */
export async function loginAsStaff(stack: Stack, page: Page, who: { email: string; password: string }): Promise<void> {
  const before = stack.smtp.messages.length;
  await page.goto('/login');
  await page.getByLabel('Adresse e-mail').fill(who.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.waitForURL('**/verify');
  const mail = await stack.smtp.waitFor(
    (m) => m.envelopeTo.includes(who.email) && stack.smtp.messages.indexOf(m) >= before && /\d{6}/.test(m.text),
  );
  await page.getByLabel(/Code de vérification/).fill(/code de vérification est\s: (\d{6})/.exec(mail.text)?.[1] ?? '');
  await page.getByRole('button', { name: 'Valider' }).click();
}

/** A patient who registers, answers every page with suicidal thoughts ticked, and sends: real HTTP, real finishing call. */
export async function sendUrgentForm(
  stack: Stack,
  pharmacyId: number,
  lastName: string,
  firstName: string,
): Promise<number> {
  const call = httpCall(stack.baseUrl);
  const patient = await registerPatient(
    call,
    pharmacyId,
    { ...identityFor(1, '45to50', new Date()), nom: lastName, prenom: firstName },
    '45to50',
  );
  for (const page of typicalPages('45to50')) {
    const answers =
      page.section === 'addictionAndMentalHealth'
        ? { ...page.answers, noSuicidalThoughts: false, suicidalThoughts: true }
        : page.answers;
    const res = await savePage(call, patient.token, page.section, answers);
    expect(res.statusCode, res.body).toBe(200);
  }
  await submit(call, patient.token);
  return patient.userId;
}

/** Presses a button that downloads a file, and reads the file saved into `dir`. */
export async function downloadFile(
  page: Page,
  button: RegExp | string,
  dir: string,
): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const path = join(dir, file.suggestedFilename());
  await file.saveAs(path);
  return { name: file.suggestedFilename(), bytes: readFileSync(path) };
}

/** The text of a PDF as pdftotext reads it (poppler-utils). */
export function pdfText(bytes: Buffer): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes, encoding: 'utf8' });
}
