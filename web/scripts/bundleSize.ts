// Gzipped size of the JavaScript the patient flow loads first: the entry chunk and its static
// imports, plus the lazy chunks of /pharmacie-demo/userform (its layout and its page) and
// their static imports. Reads web/dist (run `pnpm --filter @bilan/web build` first) and fails
// when that set holds what it must not (scripts/firstLoadChecks.ts).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TRANSLATED_LANGUAGES } from '@bilan/engine';
import { firstLoadOf, type JsSize } from './firstLoad';
import { firstLoadProblems } from './firstLoadChecks';
import { firstPage } from './firstPage';

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const load = firstLoadOf(dist);
const { manifest, closure, sizeOf, entryKeys, firstKeys, questionKeys } = load;

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
/** Each chunk of a load with its gzipped bytes, largest first. */
const printChunks = (size: JsSize) =>
  size.files
    .map((file, i) => ({ file, gzip: size.gzipOf[i] ?? 0 }))
    .sort((a, b) => b.gzip - a.gzip)
    .forEach(({ file, gzip }) => console.log(`  ${kb(gzip).padStart(9)}  ${file}`));
const entryOnly = sizeOf(entryKeys);
const first = sizeOf(firstKeys);
console.log(`Entry chunk + static imports: ${kb(entryOnly.gzip)} gzipped (${kb(entryOnly.raw)} raw)`);
console.log(`Patient flow first load (/pharmacie-demo/userform): ${kb(first.gzip)} gzipped (${kb(first.raw)} raw)`);
printChunks(first);
const question = sizeOf(questionKeys);
console.log(
  `Up to the first question of a questionnaire (70-75, its newest version): ${kb(question.gzip)} gzipped (${kb(question.raw)} raw)`,
);
printChunks(question);
for (const language of TRANSLATED_LANGUAGES) {
  const found = load.questionKeysIn(language, firstPage);
  if (!found) continue;
  const size = sizeOf(found.keys);
  console.log(
    `Up to the first question in ${language} (${found.band}): ${kb(size.gzip)} gzipped (${kb(size.raw)} raw)`,
  );
  printChunks(size);
}

// Loaded on demand by the registration page after it shows, only for a returning patient with a
// live token: that patient's questionnaire version.
for (const key of manifest['src/patient/RegistrationPage.tsx']?.dynamicImports ?? []) {
  console.log(`  then on demand: ${key} ${kb(sizeOf(closure([key])).gzip)} gzipped`);
}
// The bot check's solver, in a worker started when the person starts the registration form.
for (const chunk of Object.values(manifest)) {
  for (const asset of chunk.assets ?? []) {
    if (asset.endsWith('.js'))
      console.log(
        `  then in a worker: ${asset} ${kb(gzipSync(readFileSync(join(dist, asset)), { level: 9 }).length)} gzipped`,
      );
  }
}

const problems = firstLoadProblems(dist, load);
if (problems.length > 0) {
  for (const p of problems) console.error(`✗ ${p}`);
  process.exit(1);
}
console.log(
  '✓ no account code, no JSON Schema compiler, no questionnaire definitions, none of react-router’s own links in the first load',
);
