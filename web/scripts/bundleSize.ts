// Gzipped size of the JavaScript the patient flow loads first: the entry chunk and its static
// imports, plus the lazy chunks of /pharmacie-demo/userform (its layout and its page) and
// their static imports. Reads web/dist (run `pnpm --filter @bilan/web build` first) and fails
// when that set holds account code or a JSON Schema compiler.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstLoadOf, type JsSize } from './firstLoad';

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const { manifest, closure, sizeOf, entryKeys, firstKeys, questionKeys } = firstLoadOf(dist);

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

// What must never be in that first load (issue 4, point 9).
const problems: string[] = [];
for (const key of firstKeys) {
  if (/src\/(staff|pharmacy|admin)\//.test(key)) problems.push(`account code in the first load: ${key}`);
  const code = readFileSync(join(dist, manifest[key]?.file ?? ''), 'utf8');
  if (/addMetaSchema|strictSchema|compileAsync/.test(code))
    problems.push(`a JSON Schema compiler (Ajv) in ${manifest[key]?.file}`);
  // A definition's pages (its data) or ajv's error objects (its validators). The catalog of
  // versions, their bands and loaders, may be there: it is what loads one version on demand.
  if (/\bpages:\[|"pages":\[/.test(code)) problems.push(`questionnaire definitions in ${manifest[key]?.file}`);
  if (/schemaPath:["'`]#\//.test(code)) problems.push(`questionnaire validators in ${manifest[key]?.file}`);
}
if (problems.length > 0) {
  for (const p of problems) console.error(`✗ ${p}`);
  process.exit(1);
}
console.log('✓ no account code, no JSON Schema compiler, no questionnaire definitions in the first load');
