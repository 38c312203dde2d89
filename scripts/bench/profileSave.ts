// `pnpm bench -- --profile`: where a page save's time goes. The built server runs under V8's CPU
// profiler (`--cpu-prof`) while 50 connections save pages for the bench's duration; the profile's
// self time is then summed by what the code belongs to and printed, heaviest first. The profile
// file stays for Chrome's DevTools (Performance panel → Load profile).
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoPharmacyId, startServerProcess } from '../../api/test/reliability/serverProcess';
import { runPageSaves } from './patientCalls';
import { BENCH_BUILD } from './system';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  hitCount?: number;
}

/** What a frame's self time belongs to, first match wins; native frames (no url) by name. */
/** Parts of a profile, each named and matched by its frames' function name and file. */
export type ProfileParts = Array<[string, (name: string, url: string) => boolean]>;

const PARTS: ProfileParts = [
  ['ramasse-miettes (GC)', (name) => name === '(garbage collector)'],
  ['inactif (boucle d’événements en attente)', (name) => name === '(idle)'],
  [
    'SQLite (better-sqlite3, instructions et commit)',
    (name, url) =>
      url.includes('better-sqlite3') || (url === '' && /^(run|get|all|exec|prepare|transaction)$/.test(name)),
  ],
  [
    'journal (pino et ses transports)',
    (_n, url) => /node_modules\/(\.pnpm\/)?(pino|thread-stream|sonic-boom|fast-redact|@pinojs)/.test(url),
  ],
  ['jetons (fast-jwt, @fastify/jwt)', (_n, url) => /fast-jwt|@fastify\+jwt|@fastify\/jwt/.test(url)],
  [
    'validation des schémas de route (ajv de Fastify)',
    (_n, url) => /\/ajv|fast-json-stringify|fast-uri|@fastify\+ajv|json-schema/.test(url),
  ],
  [
    'Fastify (routage, cycle de la requête, en-têtes)',
    (_n, url) => /fastify|find-my-way|avvio|light-my-request|@fastify/.test(url),
  ],
  ['drizzle', (_n, url) => url.includes('drizzle-orm')],
  [
    'notre code : rejeu, validation des réponses, enregistrement',
    (_n, url) => /\/(api|engine|codegen)\/|generated/.test(url) && !url.includes('node_modules'),
  ],
  [
    'HTTP et flux de Node',
    (_n, url) =>
      url.startsWith('node:') && /http|net|stream|_tls|events|timers|buffer|async_hooks|diagnostics/.test(url),
  ],
  ['JSON, chaînes et autres fonctions natives', (_n, url) => url === ''],
  ['autres modules de Node', (_n, url) => url.startsWith('node:')],
];

/** The share of the profile's time of each part, heaviest first (idle and the profiler itself apart). */
export function summarizeProfile(file: string, parts: ProfileParts = PARTS): Array<{ part: string; share: number }> {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as {
    nodes: ProfileNode[];
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const time = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame || frame.functionName === '(program)' || frame.functionName === '(root)') return;
    const part =
      parts.find(([, match]) => match(frame.functionName, frame.url))?.[0] ??
      `autres dépendances (${/node_modules\/(?:\.pnpm\/)?([^/@]+|@[^/]+\/[^/]+)/.exec(frame.url)?.[1] ?? frame.url})`;
    time.set(part, (time.get(part) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const busy = [...time].filter(([part]) => !part.startsWith('inactif')).reduce((sum, [, t]) => sum + t, 0);
  return [...time]
    .filter(([part]) => !part.startsWith('inactif'))
    .map(([part, t]) => ({ part, share: (t / busy) * 100 }))
    .sort((a, b) => b.share - a.share);
}

/** Page saves under the profiler; prints the summary and returns the profile file. */
export async function profilePageSave(env: Record<string, string>, duration: number): Promise<string> {
  // Outside the bench's data folder, which is removed at the end.
  const profiles = mkdtempSync(join(tmpdir(), 'bilan-profil-'));
  const server = await startServerProcess({ ...env, NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profiles}` }, 30_000, {
    keepOutput: false,
    built: BENCH_BUILD,
  });
  try {
    const run = await runPageSaves(server.url, await demoPharmacyId(server.url), duration);
    console.log(
      `  ${run.requests.total} enregistrements en ${duration} s (${Math.round(run.requests.average)} req/s, p99 ${run.latency.p99} ms) sous le profileur`,
    );
  } finally {
    // The profile is written when the process ends (the server's SIGTERM handler exits cleanly).
    await server.kill('SIGTERM');
  }
  const file = readdirSync(profiles).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no CPU profile in ${profiles}`);
  const path = join(profiles, file);
  console.log('  part du temps de calcul du serveur (temps propre, hors attente) :');
  for (const { part, share } of summarizeProfile(path))
    if (share >= 0.5) console.log(`  ${share.toFixed(1).padStart(5)} %  ${part}`);
  console.log(`  profil : ${path}`);
  return path;
}
