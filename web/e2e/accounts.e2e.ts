import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { catalogueOf, createRegistry } from '@bilan/engine';
import { definitions } from '@bilan/generated/definitions';
import { fixtureOf, typedAnswers } from '@bilan/fixtures';
import type { Answers45to50 } from '@bilan/generated/types';
import { ageLoginCodes, readAuditLog, readWorkbook, shortTitle } from '@bilan/api/testing';
import { seriousViolations } from './axe';
import { downloadFile, pdfText } from './staffPages';
import { screenshotsDir, startStack, type Stack } from './harness';
import { birthDateFor, register, tokenOf } from './questionnaireDriver';

const registry = createRegistry(definitions);

const ADMIN_EMAIL = 'admin@bilan-prevention.local';
const ADMIN_PASSWORD = 'le mot de passe administrateur e2e';
const PHARMA = {
  name: 'pharmacie-e2e',
  nom: 'Pharmacie des Essais',
  email: 'pharmacie.e2e@example.fr',
  password: 'tartine confiture abricot',
};
const PATIENT = { civilite: 'Madame', prenom: 'Inès', nom: 'Dupré-Lévêque', email: 'ines.dupre@example.fr' };

const work = mkdtempSync(join(tmpdir(), 'bilan-accounts-e2e-'));

/** Screenshots for review, phone and desktop widths. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(screenshotsDir, `accounts-${name}-${width}.png`), fullPage: true });
  }
}

async function expectAccessible(page: Page, what: string): Promise<void> {
  expect(await seriousViolations(page, `${what} `)).toEqual([]);
}

/** The 6-digit code of the newest login mail to an address that was not used yet. */
const usedCodes = new Set<string>();
async function codeFor(stack: Stack, to: string): Promise<string> {
  const mail = await stack.smtp.waitFor(
    (m) => m.envelopeTo.includes(to) && /code de vérification est\s: (\d{6})/.test(m.text) && !usedCodes.has(m.text),
  );
  usedCodes.add(mail.text);
  const code = /code de vérification est\s: (\d{6})/.exec(mail.text)?.[1];
  if (!code) throw new Error('no code');
  return code;
}

/** Mail links carry PUBLIC_URL; the test server listens on its own port. */
function onStack(stack: Stack, link: string): string {
  const url = new URL(link);
  return `${stack.baseUrl}${url.pathname}${url.search}${url.hash}`;
}

async function loginThroughUi(
  stack: Stack,
  page: Page,
  email: string,
  password: string,
  checkA11y: boolean,
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  if (checkA11y) await expectAccessible(page, '/login');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.waitForURL('**/verify');
  await page.getByText(`Code envoyé à ${email}`).waitFor();
  if (checkA11y) await expectAccessible(page, '/verify');
  await page.getByLabel(/Code de vérification/).fill(await codeFor(stack, email));
  await page.getByRole('button', { name: 'Valider' }).click();
}

const download = (page: Page, button: RegExp | string) => downloadFile(page, button, work);

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ env: { ADMIN_EMAIL, ADMIN_PASSWORD } });
});
afterAll(async () => {
  await stack?.close();
});

describe('pharmacist and admin accounts', () => {
  it('invitation → sign-up → e-mail verification → login with the e-mailed code → a patient form read in the dashboard, audited', async () => {
    // The admin creates an invitation.
    const admin = await stack.newPage();
    await loginThroughUi(stack, admin, ADMIN_EMAIL, ADMIN_PASSWORD, true);
    await admin.waitForURL('**/admin/dashboard');
    await admin.getByRole('heading', { level: 1, name: 'Administration' }).waitFor();
    await admin.getByLabel(/Adresse e-mail/).fill(PHARMA.email);
    await admin.getByLabel(/Durée de validité/).fill('5');
    await admin.getByRole('button', { name: 'Créer l’invitation' }).click();
    const shown = (await admin.locator('.invite-link code').textContent()) ?? '';
    expect(shown).toMatch(/\/register#invite=[A-Za-z0-9_-]{43}$/);
    await admin.getByText(`Invitation envoyée par e-mail à ${PHARMA.email}`, { exact: false }).waitFor();
    await admin.getByRole('cell', { name: 'En attente' }).waitFor();
    // The invitation reaches the pharmacy by e-mail (the test SMTP server), with its expiry.
    const invitationMail = await stack.smtp.waitFor(
      (m) => m.envelopeTo.includes(PHARMA.email) && m.subject === 'Invitation à ouvrir le compte de votre pharmacie',
    );
    expect(invitationMail.text).toMatch(/valable jusqu’au .+ \(heure de Paris\)/);
    const link = /(https?:\/\/\S+\/register#invite=[A-Za-z0-9_-]{43})/.exec(invitationMail.text)?.[1] ?? '';
    expect(new URL(link).hash).toBe(new URL(shown).hash);
    await expectAccessible(admin, '/admin/dashboard');
    await shoot(admin, 'admin-dashboard');

    // The pharmacist signs up through the link: the address is the invitation's.
    const pharma = await stack.newPage();
    await pharma.goto(onStack(stack, link));
    const email = pharma.getByLabel('Adresse e-mail');
    await expect(email.inputValue()).resolves.toBe(PHARMA.email);
    // The token came in the fragment, which no request carried, and the address bar forgot it.
    expect(new URL(pharma.url()).hash).toBe('');
    await expect(email.getAttribute('readonly')).resolves.not.toBeNull();
    await pharma.getByText(/Lien valable jusqu’au/).waitFor();
    await expect(pharma.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe('noindex');
    await pharma.getByLabel('Nom du compte').fill(PHARMA.name);
    await pharma.getByLabel('Nom affiché').fill(PHARMA.nom);
    await pharma.getByLabel('Mot de passe', { exact: true }).fill(PHARMA.password);
    await pharma.getByLabel('Confirmer le mot de passe').fill(PHARMA.password);
    await expectAccessible(pharma, '/register');
    await shoot(pharma, 'register');
    await pharma.setViewportSize({ width: 1280, height: 900 });
    await pharma.getByRole('button', { name: 'Créer le compte' }).click();
    await pharma.waitForURL('**/login');

    // Verifies the address from the real mail, then logs in with the code from the real mail.
    const verifyMail = await stack.smtp.waitFor(
      (m) => m.envelopeTo.includes(PHARMA.email) && m.text.includes('/email-verifie#token='),
    );
    const verifyLink = /(https?:\/\/\S+\/email-verifie#token=[A-Za-z0-9_-]{43})/.exec(verifyMail.text)?.[1] ?? '';
    await pharma.goto(onStack(stack, verifyLink));
    await pharma.getByRole('heading', { level: 1, name: 'Adresse e-mail vérifiée' }).waitFor();
    await pharma.getByRole('link', { name: 'Se connecter' }).waitFor();
    await expectAccessible(pharma, '/email-verifie');
    await loginThroughUi(stack, pharma, PHARMA.email, PHARMA.password, false);
    await pharma.waitForURL(`**/${PHARMA.name}/dashboard`);
    await pharma.getByText(/^Aucun questionnaire en /).waitFor();

    // A patient registers at that pharmacy (real page, real ALTCHA) and sends the answers (real HTTP).
    const band = '45to50' as const;
    const typical = fixtureOf(band, 'typical');
    const answers: Answers45to50 = typedAnswers(typical);
    const patient = await stack.newPage();
    await register(patient, PHARMA.name, { ...PATIENT, birthDate: birthDateFor(band) });
    await patient.waitForURL(`**/${PHARMA.name}/parts${band}/general`);
    const patientToken = await tokenOf(patient);
    for (const [pageKey, reponses] of Object.entries(answers)) {
      const r = await fetch(`${stack.baseUrl}/api/utilisateur/me/responses`, {
        method: 'PATCH',
        headers: { Authorization: `Bearer ${patientToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ pageKey, reponses }),
      });
      expect(r.status, await r.clone().text()).toBe(200);
    }
    const submitted = await fetch(`${stack.baseUrl}/api/utilisateur/me/submit`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${patientToken}` },
    });
    expect(submitted.status, await submitted.clone().text()).toBe(200);

    // The pharmacist sees the form, downloads both PDFs and the export.
    await pharma.reload();
    await pharma.getByRole('heading', { name: `${PATIENT.nom} ${PATIENT.prenom}` }).waitFor();
    // Patient mode (D40) replaced the new-window link to the patient form (e2e/patientMode.e2e.ts).
    await pharma.getByRole('button', { name: 'Passer la tablette au patient' }).waitFor();
    expect(await pharma.getByRole('link', { name: /Ouvrir le formulaire patient/ }).count()).toBe(0);
    await expectAccessible(pharma, '/dashboard');
    await shoot(pharma, 'pharmacy-dashboard');
    await pharma.setViewportSize({ width: 1280, height: 900 });

    const questionnaire = await download(pharma, /^Questionnaire\.pdf/);
    expect(questionnaire.name).toMatch(/^Questionnaire - Dupre-Leveque Ines - \d{4}-\d{2}-\d{2}\.pdf$/);
    expect(pdfText(questionnaire.bytes)).toContain(PATIENT.nom);
    const bilan = await download(pharma, /^Bilan\.pdf/);
    expect(bilan.name).toMatch(/^Bilan - Dupre-Leveque Ines - \d{4}-\d{2}-\d{2}\.pdf$/);
    expect(pdfText(bilan.bytes)).toContain(PATIENT.nom);

    const exported = await download(pharma, 'Exporter les données (Excel)');
    expect(exported.name).toMatch(/^bilans-[a-z0-9-]+-\d{4}-\d{2}\.xlsx$/);
    const sheets = await readWorkbook(exported.bytes);
    const rows = sheets['45-50 ans'] ?? [];
    expect(rows).toHaveLength(2);
    const [header, row] = rows as [(string | number | null)[], (string | number | null)[]];
    expect(row[1]).toBe(PATIENT.nom);
    // One column per stored field, in catalogue order, titled short from the catalogue (the whole
    // question in the title's note), after the twelve columns of who, when, the triage and the BMI
    // (civility … « Bilan réalisé le », « IMC », « Corpulence »).
    const IDENTITY = 12;
    expect(header.slice(7, 12)).toEqual(['Triage', 'Points signalés', 'Bilan réalisé le', 'IMC (kg/m²)', 'Corpulence']);
    const columns = [...catalogueOf(registry.latest(band)).fields.values()];
    let compared = 0;
    for (const [section, fields] of Object.entries(answers)) {
      for (const [key, value] of Object.entries(fields)) {
        if (value === false) continue;
        const index = columns.findIndex((c) => c.section === section && c.key === key);
        expect(index, key).toBeGreaterThanOrEqual(0);
        const column = columns[index];
        expect(header[IDENTITY + index]).toBe(column ? shortTitle(column) : undefined);
        // An answer string reads as its catalogue label, its French typography (D1: the value is stored as is).
        const label = typeof value === 'string' ? (column?.values?.get(value) ?? value) : value;
        const expected = value === true ? 'Oui' : Array.isArray(value) ? value.join(', ') : label;
        expect(row[IDENTITY + index], key).toEqual(expected);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(5);

    // Every read of health data is in the audit log, by the pharmacist, about this patient.
    const audit = readAuditLog(stack.dbFile);
    const patientId = Number(JSON.parse(Buffer.from(patientToken.split('.')[1] ?? '', 'base64url').toString()).sub);
    const actions = audit.map((a) => a.action);
    expect(actions).toContain('list_forms');
    expect(audit.filter((a) => a.patient_id === patientId).map((a) => a.action)).toEqual([
      'download_formulaire',
      'download_bilan',
    ]);
    expect(actions.at(-1)).toBe('export');
    expect(new Set(audit.map((a) => a.actor_account_id)).size).toBe(1);

    // The admin's monthly statistics count the new form for that pharmacy.
    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.reload();
    const statsRow = admin.getByRole('row', { name: new RegExp(`^${PHARMA.name}`) });
    await statsRow.waitFor();
    await expect(statsRow.getByRole('cell').nth(-2).textContent()).resolves.toBe('1');
    await statsRow.getByRole('checkbox').check();
    await admin.getByRole('list', { name: 'Légende des courbes' }).getByText(PHARMA.nom).waitFor();
    await expectAccessible(admin, '/admin/dashboard with a line');
    await admin.getByText('Utilisée', { exact: true }).waitFor();

    // D36: the session is an HttpOnly, SameSite=Strict cookie that no script of the page reads;
    // nothing of it is in the page's storage.
    const sessionCookie = (await pharma.context().cookies()).find((c) => c.name === 'bilan_session');
    expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    expect(await pharma.evaluate(() => document.cookie)).not.toContain('bilan_session');
    expect(await pharma.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))).not.toContain(
      sessionCookie?.value ?? 'no cookie',
    );
    const withCookie = () =>
      fetch(`${stack.baseUrl}/api/responses/grouped`, { headers: { cookie: `bilan_session=${sessionCookie?.value}` } });
    expect((await withCookie()).status).toBe(200);
    // Logout ends the session: the cookie is removed and the old one no longer opens the dashboard's data.
    await pharma.getByRole('button', { name: 'Se déconnecter' }).click();
    await pharma.waitForURL('**/login');
    expect((await pharma.context().cookies()).some((c) => c.name === 'bilan_session')).toBe(false);
    expect((await withCookie()).status).toBe(401);
  });

  it('offers « Renvoyer le code » after a minute at the second step, and the new code logs in', async () => {
    const page = await stack.newPage();
    await page.clock.install();
    await page.goto('/login');
    await page.getByLabel('Adresse e-mail').fill(ADMIN_EMAIL);
    await page.getByLabel('Mot de passe', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.waitForURL('**/verify');
    const first = await codeFor(stack, ADMIN_EMAIL);
    await page.getByText(/Vous pourrez demander un nouveau code dans \d+/).waitFor();
    expect(await page.getByRole('button', { name: 'Renvoyer le code' }).count()).toBe(0);
    // A minute passes: on the server (the code's sending time moved back) and in the page (its clock).
    ageLoginCodes(stack.dbFile, 61);
    await page.clock.fastForward(60_000);
    await page.getByRole('button', { name: 'Renvoyer le code' }).click();
    await page.getByRole('status').filter({ hasText: 'Un nouveau code a été envoyé.' }).waitFor();
    const second = await codeFor(stack, ADMIN_EMAIL);
    expect(second).not.toBe('');
    await expectAccessible(page, '/verify after a resend');
    if (second !== first) {
      await page.getByLabel(/Code de vérification/).fill(first);
      await page.getByRole('button', { name: 'Valider' }).click();
      await page.getByRole('alert').filter({ hasText: 'Code incorrect' }).waitFor();
    }
    await page.getByLabel(/Code de vérification/).fill(second);
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.waitForURL('**/admin/dashboard');
  });

  it('the other account screens have no serious accessibility violation', async () => {
    const page = await stack.newPage();
    for (const [path, ready] of [
      ['/forgot-password', 'Mot de passe oublié'],
      ['/reset-password#token=abc', 'Nouveau mot de passe'],
      ['/email-verifie', 'Vérification de l’adresse e-mail'],
      ['/register', 'Créer un compte pharmacie'],
      ['/register#invite=inconnue', 'Créer un compte pharmacie'],
      ['/verify', 'Vérification en deux étapes'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: ready }).waitFor();
      if (path.startsWith('/register#')) await page.getByText('Invitation introuvable.').waitFor();
      await expectAccessible(page, path);
    }
    await page.goto('/forgot-password');
    await page.getByLabel('Adresse e-mail').fill('inconnue@example.fr');
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await page.getByText('Un email de réinitialisation a été envoyé si l’adresse est connue.').waitFor();
  });
});
