// The JavaScript the patient flow loads first, gzipped, from a fresh build of the web app.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { firstLoadOf, type JsSize } from '../../web/scripts/firstLoad';
import { firstPage } from '../../web/scripts/firstPage';
import { LANGUAGE_NAMES, TRANSLATED_LANGUAGES, type TranslatedLanguage } from '@bilan/engine';
import { notes, record, root } from './report';

/**
 * The web app as the bench measures it: a fresh build in a temporary folder (the JavaScript sizes
 * and the pages Lighthouse loads come from the same one), or `web/dist` as it is with --no-build.
 */
export function webBuildForBench(noBuild: boolean): { dist: string; remove: () => void } {
  if (noBuild) return { dist: join(root, 'web/dist'), remove: () => {} };
  const dist = mkdtempSync(join(tmpdir(), 'bilan-web-'));
  const r = spawnSync(
    'pnpm',
    ['--filter', '@bilan/web', 'exec', 'vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit' },
  );
  if (r.status !== 0) throw new Error('web build failed');
  return { dist, remove: () => rmSync(dist, { recursive: true, force: true }) };
}

/** Each chunk with its gzipped size, largest first, as a note prints them: `index-….js 85.4 Ko`. */
function chunksOf(size: JsSize): string[] {
  return size.files
    .map((file, i) => ({ file: basename(file), gzip: size.gzipOf[i] ?? 0 }))
    .sort((a, b) => b.gzip - a.gzip)
    .map(({ file, gzip }) => `${file} ${(gzip / 1024).toFixed(1)} Ko`);
}

/**
 * The JavaScript of the first patient screen (/{pharmacyName}/userform) and up to a
 * questionnaire's first question, measured as `pnpm --filter @bilan/web bundle-size` measures it
 * (web/scripts/firstLoad.ts), with the gzipped bytes of each chunk.
 */
function patientJs(dist: string): {
  /** The first screen's chunks with their gzipped sizes, largest first. */
  files: string[];
  gzipBytes: number;
  rawBytes: number;
  questionGzipBytes: number;
  /** The chunks up to the first question with their gzipped sizes, largest first. */
  questionFiles: string[];
  /** Up to the first question in English and in Arabic (issue 46), where a band is published in it. */
  questionIn: Array<{ language: TranslatedLanguage; band: string; gzipBytes: number; files: string[] }>;
} {
  const load = firstLoadOf(dist);
  const size = load.sizeOf(load.firstKeys);
  const question = load.sizeOf(load.questionKeys);
  return {
    files: chunksOf(size),
    gzipBytes: size.gzip,
    rawBytes: size.raw,
    questionGzipBytes: question.gzip,
    questionFiles: chunksOf(question),
    questionIn: TRANSLATED_LANGUAGES.flatMap((language) => {
      const found = load.questionKeysIn(language, firstPage);
      if (!found) return [];
      const size = load.sizeOf(found.keys);
      return [{ language, band: found.band, gzipBytes: size.gzip, files: chunksOf(size) }];
    }),
  };
}

/** The figures' keys of the first question in a language (bench/budgets.json). */
const LANGUAGE_KEYS: Readonly<Record<TranslatedLanguage, string>> = {
  en: 'patientQuestionJsEnGzipKb',
  ar: 'patientQuestionJsArGzipKb',
};

/**
 * Records the JavaScript of the patient's first screen and up to the first question, in French
 * and in each language a band is published in (issue 46), with the chunks' sizes in the notes.
 */
export function recordPatientJs(dist: string): void {
  const js = patientJs(dist);
  record('patientJsGzipKb', js.gzipBytes / 1024);
  record('patientQuestionJsGzipKb', js.questionGzipBytes / 1024);
  notes.push(
    `JavaScript du 1er écran patient, gzip par fichier\u00a0: ${js.files.join(', ')} (${(js.rawBytes / 1024).toFixed(0)} Ko non compressé)`,
    `JavaScript jusqu’à la 1re question (70-75), gzip par fichier\u00a0: ${js.questionFiles.join(', ')}`,
  );
  for (const language of TRANSLATED_LANGUAGES) {
    const found = js.questionIn.find((q) => q.language === language);
    if (!found) {
      notes.push(`aucune tranche publiée en ${LANGUAGE_NAMES[language]}\u00a0: ${LANGUAGE_KEYS[language]} non mesuré`);
      continue;
    }
    record(LANGUAGE_KEYS[language], found.gzipBytes / 1024);
    notes.push(
      `JavaScript jusqu’à la 1re question en ${LANGUAGE_NAMES[language]} (${found.band}), gzip par fichier\u00a0: ${found.files.join(', ')}`,
    );
  }
}
