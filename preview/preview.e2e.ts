// `pnpm definitions:preview` in Chromium, on a copy of the definitions with a draft open, as an
// editor uses it: a band's page with its questions, a condition shown as it is answered, phone and
// tablet widths, a page reached by its address, the Bilan of a fixture and of typed answers, what
// the draft changes, and the reload when the draft file is saved.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDraft, defaultDefinitionsDir } from '@bilan/codegen';
import { fixtureOf } from '@bilan/fixtures';
import { startPreview, type Preview } from './startPreview';

const BAND = '45to50';
let dir = '';
let preview: Preview;
let browser: Browser;
let draft = { file: '', version: '' };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'definitions-preview-'));
  cpSync(defaultDefinitionsDir, dir, { recursive: true });
  const opened = createDraft(dir, BAND, false, dir);
  if (!opened.ok) throw new Error(opened.message);
  draft = { file: join(dir, opened.file), version: opened.version };
  preview = await startPreview({ dir, port: 0 });
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
});

afterAll(async () => {
  await browser?.close();
  await preview?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function open(route: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, locale: 'fr-FR' });
  await page.goto(`${preview.url}/#/bilan-${BAND}/${draft.version}/${route}`);
  return page;
}

/** A page's title as the draft words it: the test follows the definitions, not one version's titles. */
function titleOf(route: string): string {
  const { pages } = JSON.parse(readFileSync(draft.file, 'utf8')) as { pages: Array<{ route: string; title: string }> };
  const title = pages.find((p) => p.route === route)?.title;
  if (title === undefined) throw new Error(`no page ${route} in ${draft.file}`);
  return title;
}

const frameOf = (page: Page) => page.frameLocator('iframe[title="Questionnaire"]');
const radio = (page: Page, section: string, key: string, value: string) =>
  frameOf(page).locator(`input[type="radio"][name="${section}_${key}"][value="${value}"]`);

describe('pnpm definitions:preview', () => {
  it('shows a draft’s page with its questions, its conditions live, at phone and tablet widths', async () => {
    const page = await open('general');
    const frame = frameOf(page);
    await frame.getByRole('heading', { level: 1, name: titleOf('general') }).waitFor({ timeout: 120_000 });
    await expect(frame.getByText('Avez-vous des enfants').first().isVisible()).resolves.toBe(true);
    await expect(page.locator('select').nth(1).inputValue()).resolves.toBe(draft.version);
    await expect(page.getByRole('option', { name: `${draft.version} (brouillon)` }).count()).resolves.toBe(1);

    // raisesAlone shows only for a parent.
    await expect(frame.getByText('Élevez-vous seul(e) vos enfants').count()).resolves.toBe(0);
    await radio(page, 'generalQuestions', 'hasChildren', 'yes').check();
    await frame.getByText('Élevez-vous seul(e) vos enfants').waitFor();

    const iframe = page.locator('iframe.preview-frame');
    expect((await iframe.boundingBox())?.width).toBeCloseTo(390, -1);
    await page.getByRole('button', { name: /Tablette/ }).click();
    await expect.poll(async () => (await iframe.boundingBox())?.width).toBeCloseTo(820, -1);
    await page.close();
  });

  it('reaches any page by its address, and gives the Bilan of a fixture and of the answers typed', async () => {
    const page = await open('addiction');
    const frame = frameOf(page);
    await frame.getByRole('heading', { level: 1, name: titleOf('addiction') }).waitFor({ timeout: 120_000 });
    // Typed in the preview: violence answered "Oui" is a priority finding of the Bilan.
    await expect(page.locator('[data-finding="violence"]').count()).resolves.toBe(0);
    await radio(page, 'addictionAndMentalHealth', 'violenceVictim', 'yes').check();
    await page.locator('[data-finding="violence"]').waitFor();
    // A fixture's answers: its report case's findings.
    const fixture = fixtureOf(BAND, 'report-priorities') as { expected: { report?: { findings: string[] } } };
    await page.getByLabel('Réponses').selectOption('report-priorities');
    for (const id of fixture.expected.report?.findings ?? []) await page.locator(`[data-finding="${id}"]`).waitFor();
    await page.close();
  });

  it('says what the draft changes, and reloads when its file is saved', async () => {
    const page = await open('general');
    const frame = frameOf(page);
    await frame.getByText('Avez-vous des enfants').first().waitFor({ timeout: 120_000 });
    await page.getByText('Aucune question ajoutée, retirée ni reformulée.').waitFor();

    writeFileSync(
      draft.file,
      readFileSync(draft.file, 'utf8').replace(
        'Avez-vous des enfants\u00a0?',
        'Avez-vous un ou plusieurs enfants\u00a0?',
      ),
    );
    await frame.getByText('Avez-vous un ou plusieurs enfants').waitFor({ timeout: 60_000 });
    await page.locator('[data-diff="reworded"]').getByText('hasChildren').waitFor();
    await page.close();
  });

  it('shows the same page in one of the version’s languages beside the French, marked while not reviewed', async () => {
    const page = await open('general');
    await frameOf(page)
      .getByRole('heading', { level: 1, name: titleOf('general') })
      .waitFor({ timeout: 120_000 });
    const english = JSON.parse(readFileSync(draft.file.replace(/\.json$/, '.en.json'), 'utf8')) as {
      texts: Record<string, string>;
    };
    const menu = page.getByLabel('Langue');
    // 45-50 is published with English and Arabic: the draft copies both.
    await expect(menu.locator('option').allTextContents()).resolves.toEqual([
      'français seul',
      'français et arabe (traduction en cours de relecture)',
      'français et anglais (traduction en cours de relecture)',
    ]);
    await menu.selectOption('en');
    const translated = page.frameLocator('iframe[title="Questionnaire en anglais"]');
    await translated
      .getByRole('heading', { level: 1, name: english.texts[titleOf('general')] })
      .waitFor({ timeout: 60_000 });
    // (The test before rewords « Avez-vous des enfants » in the draft: another question is read here.)
    await translated.getByText(english.texts['Avez-vous un médecin traitant\u00a0?'] ?? 'absent').waitFor();
    // The French stays beside it, and both go to the page asked.
    await frameOf(page).getByText('Avez-vous un médecin traitant').waitFor();
    await page.goto(`${preview.url}/#/bilan-${BAND}/${draft.version}/addiction`);
    await translated
      .getByRole('heading', { level: 1, name: english.texts[titleOf('addiction')] })
      .waitFor({ timeout: 60_000 });
    // Arabic reads right to left beside the French.
    const arabic = JSON.parse(readFileSync(draft.file.replace(/\.json$/, '.ar.json'), 'utf8')) as {
      texts: Record<string, string>;
    };
    await menu.selectOption('ar');
    const inArabic = page.frameLocator('iframe[title="Questionnaire en arabe"]');
    await inArabic
      .getByRole('heading', { level: 1, name: arabic.texts[titleOf('addiction')] })
      .waitFor({ timeout: 60_000 });
    await expect(inArabic.locator('html').getAttribute('dir')).resolves.toBe('rtl');
    await page.close();
  });
});
