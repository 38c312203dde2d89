import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { addPharmacyAccount, insertFormsOf } from '@bilan/api/testing';
import { seriousViolations } from './axe';
import { screenshotsDir, stackForFile } from './harness';
import { expectNoSidewaysScroll } from './patientServer';
import { downloadFile, loginAsStaff, pdfText, sendUrgentForm } from './staffPages';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';

// The consultation at the counter (issue 39): the pharmacist opens the urgent form from a phone's
// first screen, runs « Entretien » on a tablet-sized window, loses the connection while typing
// and loses nothing, reloads, and finalizes the plan.
const stack = stackForFile();
const PHARMA = {
  name: 'pharmacie-entretien',
  nom: 'Pharmacie de l’Entretien',
  email: 'entretien@example.fr',
  password: 'entretien tablette jaune',
};

describe('« Entretien », the consultation at the counter', () => {
  it('opens the urgent form first on a phone, keeps the typing through a lost connection and a reload, and finalizes the plan', async () => {
    const pharmacyId = await addPharmacyAccount(stack.dbFile, PHARMA);
    const now = Date.now();
    insertFormsOf(
      stack.dbFile,
      pharmacyId,
      Array.from({ length: 5 }, (_, i) => ({
        lastName: `Calme${i}`,
        firstName: 'Paul',
        submittedAt: new Date(now - 60_000 + i * 1000).toISOString(),
      })),
      new Date(now),
    );
    const urgentId = await sendUrgentForm(stack, pharmacyId, 'Urgent', 'Camille');

    // A phone: the urgent form is the first card, on the first screen.
    const page = await stack.newPage({ width: 360, height: 740 });
    await loginAsStaff(stack, page, PHARMA);
    await page.waitForURL(`**/${PHARMA.name}/dashboard`);
    const first = page.getByRole('list', { name: 'Questionnaires' }).getByRole('listitem').first();
    await first.getByText('Urgent', { exact: true }).waitFor();
    expect(await first.getByRole('heading').textContent()).toBe('Urgent Camille');
    const box = await first.getByRole('link', { name: /^Ouvrir/ }).boundingBox();
    expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThanOrEqual(740 * 2);
    await first.getByRole('link', { name: /^Ouvrir/ }).click();
    await page.waitForURL(`**/formulaires/${urgentId}`);

    // The counter tablet.
    await page.setViewportSize({ width: 800, height: 1280 });
    await page.getByRole('link', { name: 'Commencer l’entretien' }).click();
    await page.waitForURL(`**/formulaires/${urgentId}/entretien`);
    await page.getByRole('heading', { name: 'Points du bilan', exact: true }).waitFor();
    const urgent = page.getByRole('region', { name: 'Urgent' });
    await urgent.getByText('Idées suicidaires ou tentative de suicide').first().waitFor();
    // What only the pharmacist reads is marked so.
    await urgent.getByRole('note', { name: /Au comptoir, réservé au pharmacien/ }).waitFor();
    await page.getByLabel(/^Retenir comme priorité : Idées suicidaires/).check();
    const priority = page.getByRole('region', { name: /^Priorité 1/ });
    await priority.getByLabel(/^3114/).check();
    await priority.getByLabel('Mon objectif').fill('En parler à mon médecin cette semaine');
    await page.getByRole('status').filter({ hasText: 'Enregistré' }).waitFor();
    expect(await seriousViolations(page, 'consultation ')).toEqual([]);

    // The connection drops while the pharmacist types: said on screen, nothing lost.
    await page.context().setOffline(true);
    await priority.getByLabel('Ce qui pourrait me freiner').fill('La peur d’en parler');
    await page.getByLabel('Jamais imprimées sur la copie du patient').fill('Sœur présente, à rappeler.');
    await page.getByRole('status').filter({ hasText: 'Hors connexion – réessai…' }).waitFor({ timeout: 15_000 });
    await page.context().setOffline(false);
    await page.getByRole('status').filter({ hasText: 'Enregistré' }).waitFor({ timeout: 40_000 });
    await page.screenshot({ path: join(screenshotsDir, 'consultation-800.png'), fullPage: true });

    // A reload shows everything typed.
    await page.reload();
    const again = page.getByRole('region', { name: /^Priorité 1/ });
    await again.getByLabel('Mon objectif').waitFor();
    expect(await again.getByLabel('Mon objectif').inputValue()).toBe('En parler à mon médecin cette semaine');
    expect(await again.getByLabel('Ce qui pourrait me freiner').inputValue()).toBe('La peur d’en parler');
    expect(await page.getByLabel('Jamais imprimées sur la copie du patient').inputValue()).toBe(
      'Sœur présente, à rappeler.',
    );
    expect(await again.getByLabel(/^3114/).isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Finaliser le plan' }).click();
    await page.getByText(/^Version 1 finalisée le /).waitFor();
    await expectNoSidewaysScroll(page);

    // Both copies, read back: the patient's without the sensitive point (not included) nor the notes.
    const dir = mkdtempSync(join(tmpdir(), 'bilan-ppp-'));
    const patientCopy = await downloadFile(page, 'PPP - copie patient', dir);
    expect(patientCopy.name).toBe('PPP - copie patient - Camille Urgent.pdf');
    const forPatient = pdfText(patientCopy.bytes);
    expect(forPatient).toContain('Plan personnalisé de prévention');
    expect(forPatient).not.toMatch(/suicid/i);
    expect(forPatient).not.toContain('Sœur présente');
    const doctorCopy = pdfText((await downloadFile(page, 'PPP - copie médecin', dir)).bytes);
    expect(doctorCopy).toContain('Idées suicidaires ou tentative de suicide');
    expect(doctorCopy).toContain('En parler à mon médecin cette semaine');
    expect(doctorCopy).toContain('Sœur présente, à rappeler.');
  });
});
