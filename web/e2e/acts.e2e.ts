import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addPharmacyAccount, readWorkbookCells } from '@bilan/api/testing';
import { seriousViolations } from './axe';
import { screenshotsDir, stackForFile } from './harness';
import { downloadFile, loginAsStaff, sendUrgentForm } from './staffPages';

// The act (issue 40, D34): the pharmacist gives the pharmacy's department, records « Bilan
// réalisé » from the form's page, is refused a second act for the same person registered again
// under another form (accents and case changed), cancels the first with a reason, records the
// second, and downloads « Actes du mois »: the XLSX is read back (dates are dates, totals right).
const stack = stackForFile();
const PHARMA = {
  name: 'pharmacie-actes',
  nom: 'Pharmacie des Actes',
  email: 'actes@example.fr',
  password: 'actes tablette rouge',
};

describe('the act recorded once and ready for billing', () => {
  it('records the act, refuses the same person again, cancels with a reason, and exports the month', async () => {
    const pharmacyId = await addPharmacyAccount(stack.dbFile, PHARMA);
    const first = await sendUrgentForm(stack, pharmacyId, 'Lefèvre', 'Hélène');
    // The same person registered again (the same birth date), accents and case changed.
    const again = await sendUrgentForm(stack, pharmacyId, 'LEFEVRE', 'helene');

    const page = await stack.newPage({ width: 800, height: 1280 });
    await loginAsStaff(stack, page, PHARMA);
    await page.waitForURL(`**/${PHARMA.name}/dashboard`);

    // No department yet: the form's page says where to give it.
    await page.goto(`/${PHARMA.name}/dashboard/formulaires/${first}`);
    await page.getByText(/^Indiquez d’abord le département de la pharmacie/).waitFor();
    await page.goto(`/${PHARMA.name}/dashboard/affiche`);
    const department = page.getByLabel('Département de la pharmacie');
    await department.waitFor();
    await department.fill('75');
    await page.getByRole('button', { name: 'Enregistrer les coordonnées' }).click();
    await page.getByText('Coordonnées enregistrées.').waitFor();

    // « Bilan réalisé » on the first form.
    await page.goto(`/${PHARMA.name}/dashboard/formulaires/${first}`);
    const record = page.getByRole('button', { name: 'Bilan réalisé', exact: true });
    await record.waitFor();
    expect(await page.getByText(/Code RDP, 30,00/).count()).toBe(1);
    const box = await record.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    await record.click();
    await page.getByTestId('act-status').filter({ hasText: 'Réalisé' }).waitFor();
    await page
      .getByText(/^Bilan réalisé le /)
      .first()
      .waitFor();
    expect(await seriousViolations(page, 'act ')).toEqual([]);

    // The same person under the other form: refused, the message read plainly.
    await page.goto(`/${PHARMA.name}/dashboard/formulaires/${again}`);
    await page.getByRole('button', { name: 'Bilan réalisé', exact: true }).click();
    const refusal = page.getByRole('alert').filter({ hasText: /^Un bilan de prévention a déjà été réalisé/ });
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(
      /^Un bilan de prévention a déjà été réalisé pour cette personne dans cette tranche d’âge le \d{1,2}(er)?\u00a0\p{L}+ \d{4}\.$/u,
    );
    expect(await page.getByText('Reçu', { exact: true }).count()).toBe(1);
    await page.screenshot({ path: join(screenshotsDir, 'act-refused-800.png'), fullPage: true });

    // The first act cancelled with a reason, in an accessible dialog (an empty reason is refused).
    await page.goto(`/${PHARMA.name}/dashboard/formulaires/${first}`);
    await page.getByRole('button', { name: 'Annuler l’acte' }).click();
    const dialog = page.getByRole('dialog', { name: 'Annuler l’acte' });
    await dialog.waitFor();
    expect(await seriousViolations(page, 'cancel dialog ')).toEqual([]);
    await dialog.getByRole('button', { name: 'Confirmer l’annulation' }).click();
    await dialog.getByText('Indiquez le motif de l’annulation.').waitFor();
    await dialog.getByLabel('Motif de l’annulation').fill('Fiche enregistrée deux fois');
    await dialog.getByRole('button', { name: 'Confirmer l’annulation' }).click();
    await page.getByText(/annulé le .*Fiche enregistrée deux fois/).waitFor();
    await page.getByRole('button', { name: 'Bilan réalisé', exact: true }).waitFor();

    // The act now recorded from the second form, and moved to « À facturer ».
    await page.goto(`/${PHARMA.name}/dashboard/formulaires/${again}`);
    await page.getByRole('button', { name: 'Bilan réalisé', exact: true }).click();
    await page.getByTestId('act-status').filter({ hasText: 'Réalisé' }).waitFor();
    await page.getByRole('button', { name: /^Passer à .*À facturer/ }).click();
    await page.getByTestId('act-status').filter({ hasText: 'À facturer' }).waitFor();

    // « Actes du mois » from the dashboard: the XLSX read back.
    await page.goto(`/${PHARMA.name}/dashboard`);
    const dir = mkdtempSync(join(tmpdir(), 'bilan-acts-e2e-'));
    const file = await downloadFile(page, 'Actes du mois (Excel)', dir);
    expect(file.name).toMatch(new RegExp(`^actes-${PHARMA.name}-\\d{4}-\\d{2}\\.xlsx$`));
    const sheets = await readWorkbookCells(file.bytes);
    const acts = sheets['Actes'] ?? [];
    expect(acts[0]?.slice(0, 8)).toEqual([
      'Date',
      'Patient',
      'Date de naissance',
      'Tranche d’âge',
      'Code acte',
      'Montant (€)',
      'Statut',
      'Référence facture',
    ]);
    expect(acts).toHaveLength(3);
    const [cancelled, billed] = acts.slice(1) as unknown[][];
    expect(cancelled?.[0]).toBeInstanceOf(Date);
    expect(cancelled?.[2]).toBeInstanceOf(Date);
    expect(cancelled?.slice(1, 2)).toEqual(['Lefèvre Hélène']);
    expect(cancelled?.slice(3, 7)).toEqual(['45-50 ans', 'RDP', 30, 'Annulé']);
    expect(cancelled?.[8]).toBe('Fiche enregistrée deux fois');
    expect(billed?.slice(1, 2)).toEqual(['LEFEVRE helene']);
    expect(billed?.slice(4, 7)).toEqual(['RDP', 30, 'À facturer']);
    // Today, in Paris: the day the acts were recorded.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
    expect((billed?.[0] as Date).toISOString().slice(0, 10)).toBe(today);
    expect(sheets['Totaux par statut']).toEqual([
      ['Statut', 'Actes', 'Montant (€)'],
      ['Réalisé', 0, 0],
      ['À facturer', 1, 30],
      ['Facturé', 0, 0],
      ['Annulé', 1, 30],
      ['Total hors annulés', 1, 30],
    ]);
    const csv = await downloadFile(page, 'Actes du mois (CSV)', dir);
    expect(csv.name).toMatch(/\.csv$/);
    expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.bytes.toString('utf8')).toContain(';RDP;30,00;À facturer;');
  });
});
