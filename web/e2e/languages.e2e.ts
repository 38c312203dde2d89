// Issue 46: a patient completes their band in English and in Arabic on a 360 px phone, alone, and
// the pharmacist reads the answers in French. Every band and language the newest versions are
// published in is driven, page after page, the way a person would.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  createRegistry,
  definitionRef,
  localizeDefinition,
  type Definition,
  type TranslatedLanguage,
} from '@bilan/engine';
import { definitions } from '@bilan/generated/definitions';
import { translations } from '@bilan/generated/translations';
import { BANDS, fixtureOf } from '@bilan/fixtures';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addPharmacyAccount } from '@bilan/api/testing';
import { stackForFile } from './harness';
import { expectNoSidewaysScroll, me, withoutFalse } from './patientServer';
import { birthDateFor, fillPage, savesDone, tokenOf } from './questionnaireDriver';
import { downloadFile, loginAsStaff, pdfText } from './staffPages';

const registry = createRegistry(definitions);
const stack = stackForFile();
const work = mkdtempSync(join(tmpdir(), 'bilan-languages-'));
const MENU_NAMES: Record<TranslatedLanguage, RegExp> = { en: /^English/, ar: /^العربية/ };
const PDF_LANGUAGE: Record<TranslatedLanguage, string> = { en: 'anglais', ar: 'arabe' };
const CONFIRMATION_SUBJECT: Record<TranslatedLanguage, string> = {
  en: 'Your prevention questionnaire has been received',
  ar: 'تم استلام استبيانكم الوقائي',
};

/** Words that say a French text was left on a translated screen (a text without t()). */
const FRENCH_WORDS =
  /(?<![\p{L}-])(?:[Vv]ous|[Vv]otre|[Vv]os|Suivant|Précédent|[Rr]éponses?|Étape|Chargement|Veuillez|Valeur|Oui|Non)(?![\p{L}-])/u;

/** Latin words an Arabic page may show: units, abbreviations, French terms the translation explains. */
const KEPT_LATIN = new Set([
  'cm',
  'kg',
  'cl',
  'HPV',
  'MDMA',
  'médecin',
  'traitant',
  'Assurance',
  'maladie',
  'Maladie',
  'carnet',
  'santé',
  'VIH',
  'proto',
]);
/** The fixtures' free texts, typed by the patient: the review page shows them as typed. */
const typedTexts = BANDS.map((band) =>
  Object.values(fixtureOf(band, 'typical').answers).flatMap((section) =>
    Object.values(section).filter((value): value is string => typeof value === 'string' && value.includes(' ')),
  ),
);

/** What the patient reads of the page, the language menu aside (it names each language in its own words). */
async function readText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const main = document.querySelector('main')?.cloneNode(true) as HTMLElement | undefined;
    main?.querySelector('.language-menu')?.remove();
    return main?.innerText ?? '';
  });
}

async function expectTranslated(page: Page, language: TranslatedLanguage, pharmacy: string): Promise<void> {
  expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
    language,
    language === 'ar' ? 'rtl' : 'ltr',
  ]);
  // The pharmacy's own name is shown as it is written.
  const text = (await readText(page)).replaceAll(pharmacy, '');
  expect(FRENCH_WORDS.exec(text)?.[0] ?? null, text).toBeNull();
  // In Arabic, a Latin word is a leftover unless it is a unit, an abbreviation kept as is, a French
  // term the translation explains, or what the patient typed (the review page repeats it).
  if (language === 'ar') {
    const typed = new Set(JSON.stringify(typedTexts).match(/\p{Script=Latin}+/gu) ?? []);
    const latin = (text.match(/\p{Script=Latin}{2,}/gu) ?? []).filter((w) => !typed.has(w) && !KEPT_LATIN.has(w));
    expect(latin, text).toEqual([]);
  }
  await expectNoSidewaysScroll(page);
}

const cases = BANDS.flatMap((band) => {
  const ref = definitionRef(registry.latest(band));
  return (Object.keys(translations[ref] ?? {}) as TranslatedLanguage[]).map((language) => ({
    band,
    language,
    ref,
  }));
});

describe('a patient in English or Arabic (issue 46)', () => {
  it('has a translated band to drive', () => {
    expect(cases.map((c) => `${c.band}.${c.language}`)).toContain('45to50.en');
  });

  it.each(cases)(
    '$band in $language on a 360 px phone, read in French by the pharmacist',
    async ({ band, language, ref }) => {
      const published = translations[ref]?.[language];
      if (!published) throw new Error(`${ref} has no ${language}`);
      // Every page's words, as the review page reads them.
      const pages = await Promise.all(Object.values(published.pages).map((load) => load()));
      const texts = Object.assign({}, ...pages) as Record<string, string>;
      const definition: Definition = localizeDefinition(registry.latest(band), {
        language,
        reviewed: published.reviewed,
        texts,
      });
      const fixture = fixtureOf(band, 'typical');
      // A pharmacy of its own: its dashboard holds this one form.
      const pharmacy = {
        name: `langues-${band}-${language}`,
        nom: `Pharmacie des langues ${band} ${language}`,
        email: `langues-${band}-${language}@example.fr`,
        password: 'langues tablette orange',
      };
      await addPharmacyAccount(stack.dbFile, pharmacy);
      const PHARMACY = pharmacy.name;
      const page = await stack.newPage();
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto(`/${PHARMACY}/userform`);
      await page.getByRole('button', { name: MENU_NAMES[language] }).click();
      await page.waitForFunction((l) => document.documentElement.lang === l, language);
      await expectTranslated(page, language, pharmacy.nom);

      // The privacy policy opens in a new tab with its summary in the language, the French binding.
      const policy = await page.locator('.consent a').getAttribute('href');
      expect(policy).toBe(`/politiqueConfidentialite?langue=${language}`);
      const legal = await stack.newPage();
      await legal.goto(policy ?? '');
      const summary = legal.locator('section.legal-summary');
      expect(await summary.getAttribute('lang')).toBe(language);
      await legal.context().close();

      // The form's own labels are the language's: the fields are found by their place.
      await page.locator('#reg-civilite').selectOption('Madame');
      await page.locator('#reg-prenom').fill('Camille');
      await page.locator('#reg-nom').fill(`Langue-${language}`);
      const [year = '', month = '', day = ''] = birthDateFor(band).split('-');
      await page.locator('#reg-birth-day').fill(day);
      await page.locator('#reg-birth-month').fill(month);
      await page.locator('#reg-birth-year').fill(year);
      await page.locator('#reg-email').fill(`camille.${language}.${band}@example.fr`);
      await page.locator('#reg-consent').check();
      await page.locator('form.registration-form button[type="submit"]').click();

      let refused = false;
      for (const questionnairePage of definition.pages) {
        await page.waitForURL(`**/parts${band}/${questionnairePage.route}`);
        // A number out of its range, once: the page refuses it in the patient's language.
        const number = questionnairePage.items.find((i) => i.kind === 'number' && i.max !== undefined);
        if (!refused && number?.kind === 'number' && number.max !== undefined) {
          refused = true;
          await page.getByRole('heading', { level: 1, name: questionnairePage.title, exact: true }).waitFor();
          await page.locator(`#${questionnairePage.section}_${number.key}`).fill(String(number.max * 10));
          await page.locator('.btn-next').click();
          await page.locator('.field-error').first().waitFor();
          await expectTranslated(page, language, pharmacy.nom);
          await page.locator(`#${questionnairePage.section}_${number.key}`).fill('');
        }
        await fillPage(page, questionnairePage, fixture.answers);
        await expectTranslated(page, language, pharmacy.nom);
        await page.locator('.btn-next').click();
      }
      expect(refused).toBe(true);
      await page.waitForURL(`**/parts${band}/summary`);
      await page.locator('.review-actions .btn-next').waitFor();
      await savesDone(page);
      await expectTranslated(page, language, pharmacy.nom);
      const token = await tokenOf(page);
      const stored = me(stack, token);
      // The answers are stored by code, the same whatever the language read.
      expect(withoutFalse(stored.reponses)).toEqual(withoutFalse(fixture.expected.normalized));
      await page.locator('.review-actions .btn-next').click();
      await page.waitForURL(`**/${PHARMACY}/thank-you`);
      await expectTranslated(page, language, pharmacy.nom);

      // The patient's confirmation speaks their language.
      const email = `camille.${language}.${band}@example.fr`;
      const confirmation = await stack.smtp.waitFor((m) => m.envelopeTo.includes(email));
      expect(confirmation.subject).toBe(CONFIRMATION_SUBJECT[language]);
      await page.context().close();

      // The pharmacist's page and the questionnaire's PDF are French, and say which language was read.
      const pharma = await stack.newPage();
      await loginAsStaff(stack, pharma, pharmacy);
      await pharma.waitForURL('**/dashboard');
      expect(
        await pharma.evaluate(() => [
          document.documentElement.lang,
          getComputedStyle(document.documentElement).direction,
        ]),
      ).toEqual(['fr', 'ltr']);
      const questionnaire = await downloadFile(pharma, /^Questionnaire\.pdf/, work);
      const text = pdfText(questionnaire.bytes);
      expect(text).toContain(`Questionnaire rempli en ${PDF_LANGUAGE[language]}`);
      expect(text).toMatch(/\bOui\b/);
      await pharma.context().close();
    },
  );
});
