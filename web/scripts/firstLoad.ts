// The JavaScript the patient flow loads first, read from a build's Vite manifest: the entry chunk
// and its static imports, plus the lazy chunks of /{pharmacyName}/userform (its layout and its
// page) and their static imports. One measure for `bundle-size` and for `pnpm bench`.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  /** Files the chunk refers to by address (a worker's script). */
  assets?: string[];
}

/** The route modules /{pharmacyName}/userform loads through `lazy` (see src/router.tsx). */
const FIRST_ROUTE_MODULES = ['src/patient/PatientLayout.tsx', 'src/patient/RegistrationPage.tsx'];
/**
 * What a patient's first question needs: its route and one questionnaire version's pages (the newest
 * 70-75, the largest). The version's validators load once that page is on screen (ValidatedQuestionnairePage).
 */
const FIRST_QUESTION_MODULES = ['src/patient/PatientLayout.tsx', 'src/patient/PatientQuestionnairePage.tsx'];
const LARGEST_BAND = '70to75';

export interface JsSize {
  raw: number;
  gzip: number;
  /** The chunks' files, relative to the build folder (`assets/…js`). */
  files: string[];
  /** Each chunk's gzipped bytes, in the order of `files`. */
  gzipOf: number[];
}

/** The first load of the build in `dist` (built with `build.manifest`), and how to weigh chunks of it. */
export function firstLoadOf(dist: string) {
  const manifestFile = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile))
    throw new Error(`No ${manifestFile}: build the web app first (pnpm --filter @bilan/web build).`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;

  /** The modules and every module they import statically. */
  function closure(keys: string[]): Set<string> {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      const chunk = manifest[key];
      if (!chunk) throw new Error(`not in the manifest: ${key}`);
      seen.add(key);
      for (const next of chunk.imports ?? []) visit(next);
    };
    keys.forEach(visit);
    return seen;
  }

  /** The JavaScript of these modules, raw and gzipped (level 9) file by file. */
  function sizeOf(keys: Iterable<string>): JsSize {
    const size: JsSize = { raw: 0, gzip: 0, files: [], gzipOf: [] };
    for (const key of keys) {
      const file = manifest[key]?.file;
      if (!file || !file.endsWith('.js')) continue;
      const bytes = readFileSync(join(dist, file));
      const gzip = gzipSync(bytes, { level: 9 }).length;
      size.raw += bytes.length;
      size.gzip += gzip;
      size.files.push(file);
      size.gzipOf.push(gzip);
    }
    return size;
  }

  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entry) throw new Error('no entry chunk in the manifest');
  function versionKey(band: string): string {
    const key = Object.keys(manifest)
      .filter((k) => k.includes(`questionnaires/bilan-${band}@`))
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
      .at(-1);
    if (!key) throw new Error(`no questionnaire version chunk of ${band} in the manifest`);
    return key;
  }
  const version = versionKey(LARGEST_BAND);
  /**
   * Up to the first question in a language (issue 46): the same, plus the web app's words of a
   * questionnaire page in the language (texts/<language>.page.json: the rest, texts/<language>.rest.json,
   * loads once the page shows) and the words of the version's first page in it (the other pages' load once it shows,
   * usePatientForm), for the largest band whose newest version has one. Null while no band is
   * published in the language.
   */
  function questionKeysIn(
    language: string,
    /** The route of a version's first page, by `<id>@<version>` (firstPage.ts). */
    firstPage: (ref: string) => string | undefined,
  ): { band: string; keys: Set<string> } | null {
    const bands = ['70to75', '60to65', '18to25', '45to50'];
    for (const band of bands) {
      const newest = versionKey(band);
      const ref = /questionnaires\/(bilan-[^/]+)\.ts$/.exec(newest)?.[1];
      const first = ref && firstPage(ref);
      const translation = Object.keys(manifest).find((k) => k.endsWith(`translations/${ref}.${language}/${first}.ts`));
      const texts = Object.keys(manifest).find((k) => k.endsWith(`i18n/texts/${language}.page.json`));
      if (!translation || !texts) continue;
      return { band, keys: closure([entry as string, ...FIRST_QUESTION_MODULES, newest, translation, texts]) };
    }
    return null;
  }
  return {
    manifest,
    closure,
    sizeOf,
    entryKeys: closure([entry]),
    firstKeys: closure([entry, ...FIRST_ROUTE_MODULES]),
    /** The chunk of a band's newest questionnaire version's pages. */
    versionKey,
    /** Up to a questionnaire's first question, for a patient who opens its link directly. */
    questionKeys: closure([entry, ...FIRST_QUESTION_MODULES, version]),
    questionKeysIn,
  };
}
