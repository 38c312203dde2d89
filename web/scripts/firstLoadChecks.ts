// What must never be in a patient's first download, read from a build (`bundle-size` and the
// first-load journey run it): each rule names what it keeps out and why.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { firstLoadOf } from './firstLoad';

type FirstLoad = ReturnType<typeof firstLoadOf>;

/** The problems of the build's first loads, one sentence each (none: the build is sound). */
export function firstLoadProblems(dist: string, load: FirstLoad): string[] {
  const problems: string[] = [];
  const codeOf = (key: string) => readFileSync(join(dist, load.manifest[key]?.file ?? ''), 'utf8');
  // Issue 4, point 9: the registration page's first load.
  for (const key of load.firstKeys) {
    const file = load.manifest[key]?.file;
    if (/src\/(staff|pharmacy|admin)\//.test(key)) problems.push(`account code in the first load: ${key}`);
    const code = codeOf(key);
    if (/addMetaSchema|strictSchema|compileAsync/.test(code)) problems.push(`a JSON Schema compiler (Ajv) in ${file}`);
    // A definition's pages (its data) or ajv's error objects (its validators). The catalog of
    // versions, their bands and loaders, may be there: it is what loads one version on demand.
    if (/\bpages:\[|"pages":\[/.test(code)) problems.push(`questionnaire definitions in ${file}`);
    if (/schemaPath:["'`]#\//.test(code)) problems.push(`questionnaire validators in ${file}`);
  }
  // Issue 43: what the first question downloads and never runs.
  for (const key of new Set([...load.firstKeys, ...load.questionKeys])) {
    const file = load.manifest[key]?.file;
    const code = codeOf(key);
    // react-router's Link, NavLink and Form with framework mode's prefetching and route
    // discovery (about 4 KB gzip): reactRouterForBrowser.ts and routing/Link.tsx leave them out.
    if (code.includes('data-discover')) problems.push(`react-router's own Link or Form in ${file}`);
  }
  // Issue 43 §1: the web app's words in a language other than a questionnaire page's load once the
  // page shows (i18n/patientLanguage.ts), never with the first load nor with the page's words.
  const pageWords = Object.keys(load.manifest).filter((key) => /i18n\/texts\/\w+\.page\.json$/.test(key));
  for (const key of load.closure([...load.firstKeys, ...load.questionKeys, ...pageWords]))
    if (/i18n\/texts\/\w+\.rest\.json$/.test(key))
      problems.push(`the rest of a language's words in the first load: ${key}`);
  return problems;
}
