// Gzipped size of the JavaScript the patient flow loads first: the entry chunk and its static
// imports, plus the lazy chunks of /pharmacie-demo/userform (its layout and its page) and
// their static imports. Reads web/dist (run `pnpm --filter @bilan/web build` first) and fails
// when that set holds account code or a JSON Schema compiler.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifestFile = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`No ${manifestFile}: build the web app first (pnpm --filter @bilan/web build).`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;

/** The route modules /{clientName}/userform loads through `lazy` (see src/router.tsx). */
const FIRST_ROUTE_MODULES = ['src/patient/PatientLayout.tsx', 'src/patient/RegistrationPage.tsx'];

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

const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
if (!entry) throw new Error('no entry chunk in the manifest');
const entrySet = closure([entry]);
const firstSet = closure([entry, ...FIRST_ROUTE_MODULES]);

function gzipSize(keys: Iterable<string>): { raw: number; gzip: number; files: string[] } {
  let raw = 0;
  let gzip = 0;
  const files: string[] = [];
  for (const key of keys) {
    const file = manifest[key]?.file;
    if (!file || !file.endsWith('.js')) continue;
    const bytes = readFileSync(join(dist, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    files.push(file);
  }
  return { raw, gzip, files };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
const entryOnly = gzipSize(entrySet);
const first = gzipSize(firstSet);
console.log(`Entry chunk + static imports: ${kb(entryOnly.gzip)} gzipped (${kb(entryOnly.raw)} raw)`);
console.log(`Patient flow first load (/pharmacie-demo/userform): ${kb(first.gzip)} gzipped (${kb(first.raw)} raw)`);
for (const file of first.files) console.log(`  ${file}`);

// Loaded on demand by the registration page after it shows: the ALTCHA widget (and, only for a
// returning patient with a live token, the questionnaire registry).
const onDemand = manifest['src/patient/BotCheckField.tsx']?.dynamicImports ?? manifest['src/patient/RegistrationPage.tsx']?.dynamicImports ?? [];
for (const key of onDemand) {
  const size = gzipSize(closure([key]));
  console.log(`  then on demand: ${key} ${kb(size.gzip)} gzipped`);
}

// What must never be in that first load (issue 4, point 9).
const problems: string[] = [];
for (const key of firstSet) {
  if (key.includes('src/accounts/')) problems.push(`account code in the first load: ${key}`);
  const code = readFileSync(join(dist, manifest[key]?.file ?? ''), 'utf8');
  if (/addMetaSchema|strictSchema|compileAsync/.test(code)) problems.push(`a JSON Schema compiler (Ajv) in ${manifest[key]?.file}`);
  // A definition's id: in the definitions data (id) and in the validators (`id@version`).
  if (/bilan-18to25/.test(code)) problems.push(`questionnaire definitions or validators in ${manifest[key]?.file}`);
}
if (problems.length > 0) {
  for (const p of problems) console.error(`✗ ${p}`);
  process.exit(1);
}
console.log('✓ no account code, no JSON Schema compiler, no questionnaire definitions in the first load');
