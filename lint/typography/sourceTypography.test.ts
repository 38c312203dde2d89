// Issue 13: every French text of the code that people read (screens, notifications, aria-labels,
// error messages of the API, e-mails, PDF texts, report labels, validation messages) follows
// French typography. The texts are read with the TypeScript parser (sourceTexts), kept when they
// are French prose (isFrenchText) and checked with the engine's typographyFaults, the checker
// the definitions check uses too. The e-mails and PDFs are also checked once rendered
// (api/src/mail/messages.test.ts, api/src/reports/pdfTypography.test.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { typographyFaults, type TypographyFault } from '@bilan/engine';
import { isFrenchText } from './frenchText';
import { PLACEHOLDER, sourceTexts } from './sourceTexts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const SCANNED = ['engine/src', 'web/src', 'api/src'];

/**
 * Files whose texts are not the product's French: what the server prints to the operator's
 * terminal at start (bilingual diagnostics, French then English in one line, and console lines).
 */
const OPERATOR_TERMINAL = new Set([
  'api/src/config.ts',
  'api/src/trustProxy.ts',
  'api/src/secrets.ts',
  'api/src/server.ts',
  'api/src/startFailure.ts',
  'api/src/plugins/access.ts',
]);

/** Tests, test support and declarations are not shown to anyone. */
const isProductSource = (path: string) =>
  /\.tsx?$/.test(path) &&
  !/\.test\.tsx?$|\.d\.ts$/.test(path) &&
  !/\/(test|testing)\//.test(path) &&
  !/\/test[A-Z][^/]*$/.test(path);

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path);
    return isProductSource(path) && !OPERATOR_TERMINAL.has(path) ? [path] : [];
  });
}

const files = SCANNED.flatMap(sourceFiles);
const frenchTexts = files.flatMap((file) =>
  sourceTexts(file, readFileSync(join(root, file), 'utf8'))
    .filter((t) => isFrenchText(t.text))
    .map((t) => ({ ...t, at: `${file}:${t.line}` })),
);

/**
 * The faults of a text; a substitution may be a number, so "${bmi} kg/m²" is also checked as
 * "0 kg/m²" for the space before a unit.
 */
function faultsOf(text: string): TypographyFault[] {
  const asNumbers = typographyFaults(text.replaceAll(PLACEHOLDER, '0')).filter((f) => f.rule === 'space-before-unit');
  const faults = typographyFaults(text);
  return [...faults, ...asNumbers.filter((f) => !faults.some((g) => g.index === f.index))];
}

/** The texts of an HTML page outside its script and style elements. */
function htmlTexts(html: string): string[] {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, '')
    .split(/<[^>]+>/)
    .map((t) => t.trim())
    .filter((t) => /\p{L}/u.test(t));
}

describe('French typography of the texts written in the code', () => {
  it('reads the French texts of the engine, the web app and the API', () => {
    expect(files.length).toBeGreaterThan(150);
    expect(frenchTexts.length).toBeGreaterThan(500);
    // Texts of each kind are found: an API error, a JSX text, an aria-label, a PDF text, an e-mail.
    const found = (file: string, start: string) =>
      frenchTexts.some((t) => t.at.startsWith(`${file}:`) && t.text.startsWith(start));
    expect(found('api/src/errors.ts', 'Votre tranche d')).toBe(true);
    expect(found('web/src/patient/ThankYou.tsx', 'MERCI')).toBe(true);
    expect(found('web/src/renderer/ProgressBar.tsx', 'Étape')).toBe(true);
    expect(found('api/src/reports/reportDocDefinition.ts', 'Ce bilan est indicatif')).toBe(true);
    expect(found('api/src/mail/messages.ts', 'Votre code de vérification')).toBe(true);
    expect(found('engine/src/validationMessage.ts', 'Veuillez saisir')).toBe(true);
  });

  it('writes every one of them in French typography', () => {
    const faults = frenchTexts.flatMap((t) => faultsOf(t.text).map((f) => `${t.at}: ${f.message}, in "${f.excerpt}"`));
    expect(faults).toEqual([]);
  });

  it('writes web/index.html in French typography', () => {
    const texts = htmlTexts(readFileSync(join(root, 'web/index.html'), 'utf8'));
    expect(texts).toContain('Chargement…');
    expect(texts.flatMap((t) => typographyFaults(t).map((f) => `${f.message}, in "${f.excerpt}"`))).toEqual([]);
  });
});
