// `pnpm bench -- --profile-pdf`: where a PDF's time goes. The four documents (Questionnaire.pdf,
// Bilan.pdf, the two copies of the plan) are first measured as the bench measures them, then
// rendered again in this process under V8's CPU profiler; its self time is summed by what the
// code belongs to and printed, heaviest first. The profile file stays for Chrome's DevTools.
import { writeFileSync, mkdtempSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measurePppCopies, pppCopyRenders } from './consultation';
import { formPdfRenders, measurePdfs } from './patientCalls';
import { summarizeProfile, type ProfileParts } from './profileSave';
import { section } from './report';

const inPackage = (names: string) => (_name: string, url: string) =>
  new RegExp(`node_modules/(\\.pnpm/)?(${names})[@/]`).test(url);

const PDF_PARTS: ProfileParts = [
  ['ramasse-miettes (GC)', (name) => name === '(garbage collector)'],
  ['inactif', (name) => name === '(idle)'],
  // The profiler's own calls (it runs in this thread) are left out of the shares like idle time.
  ['inactif (le profileur lui-même)', (_n, url) => url === 'node:inspector'],
  ['pdfmake : mise en page, styles, mesure des mots', inPackage('pdfmake')],
  ['pdfkit : écriture des pages et des objets du PDF', inPackage('pdfkit')],
  ['fontkit et restructure : forme des mots, lecture des glyphes', inPackage('fontkit|restructure|tiny-inflate')],
  ['coupure des lignes (linebreak)', inPackage('linebreak|unicode-trie')],
  // zlib's deflate runs in a native `writeSync` of its handle (no file of its own in the profile).
  ['compression (zlib)', (name, url) => url === 'node:zlib' || (url === '' && name === 'writeSync')],
  ['notre code : documents, sous-ensembles des polices', (_n, url) => /\/(api|engine)\/src\//.test(url)],
  ['chargement des modules (tsx, esbuild)', inPackage('tsx|esbuild')],
  ['JSON, chaînes et autres fonctions natives', (_n, url) => url === ''],
  ['Node (tampons, flux…)', (_n, url) => url.startsWith('node:')],
];

export async function profilePdfs(quick: boolean): Promise<void> {
  section('Production des PDF seule (en processus, réponses « typical » de 45-50), puis sous le profileur CPU de V8');
  await measurePdfs(quick);
  await measurePppCopies(quick);
  const { questionnaire, bilan } = formPdfRenders();
  const copies = pppCopyRenders();
  const renders = [questionnaire, bilan, copies.patient, copies.doctor];
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  const rounds = quick ? 5 : 20;
  for (let i = 0; i < rounds; i++) for (const render of renders) await render();
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  const file = join(mkdtempSync(join(tmpdir(), 'bilan-profil-pdf-')), 'pdf.cpuprofile');
  writeFileSync(file, JSON.stringify(profile));
  console.log(`  ${rounds} × les quatre documents sous le profileur ; part du temps de calcul (temps propre) :`);
  for (const { part, share } of summarizeProfile(file, PDF_PARTS))
    if (share >= 0.5) console.log(`  ${share.toFixed(1).padStart(5)} %  ${part}`);
  console.log(`  profil : ${file}`);
}
