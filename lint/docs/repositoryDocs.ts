import { existsSync, globSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Where the project's own words are: code, data, scripts and docs (not dependencies nor builds). */
const CITING = ['api', 'web', 'engine', 'codegen', 'lint', 'scripts', 'definitions', 'docs', 'preview', 'fixtures'];
const SKIPPED = ['node_modules', 'dist', 'generated', 'releases', 'test-results', 'coverage'];

function filesUnder(pattern: string): string[] {
  return globSync(pattern, {
    cwd: repoRoot,
    exclude: (name: string) => SKIPPED.includes(name),
  }).sort();
}

/** The files whose text may cite a decision: sources, tests, definitions, READMEs, docs. */
export function citingFiles(): string[] {
  const extensions = '{ts,tsx,js,mjs,cjs,json,md,css,html,yaml,yml}';
  return [...CITING.flatMap((folder) => filesUnder(`${folder}/**/*.${extensions}`)), ...filesUnder(`*.${extensions}`)];
}

/** Every Markdown file of the repository: the READMEs and docs/. */
export function markdownFiles(): string[] {
  return filesUnder('**/*.md');
}

// D5, D38, D5b: a word of its own (not inside "0xD5" or "D5D5DB").
const DECISION = /(?<![\w#])D(\d{1,3})(b?)(?!\w)/g;

/** The decisions a text cites, as written in the record's names (`D5`, `D5b`). */
export function citedDecisions(text: string): string[] {
  return [...text.matchAll(DECISION)].map((m) => `D${Number(m[1])}${m[2]}`);
}

/** The decisions recorded in docs/decisions/, by their file names (`D05b-….md` is `D5b`). */
export function recordedDecisions(dir = join(repoRoot, 'docs', 'decisions')): Set<string> {
  const names = existsSync(dir) ? readdirSync(dir) : [];
  return new Set(
    names.flatMap((name) => {
      const m = /^D(\d+)(b?)-[\w-]+\.md$/.exec(name);
      return m ? [`D${Number(m[1])}${m[2]}`] : [];
    }),
  );
}

export interface LinkProblem {
  file: string;
  target: string;
  problem: 'leaves the repository' | 'absolute path' | 'missing';
}

// [text](target) and [text](<target>), titles dropped; images too.
const LINK = /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;

/** The Markdown links of `text` (a file of the repository) that point outside it or nowhere. */
export function linkProblems(file: string, text: string, root = repoRoot): LinkProblem[] {
  const problems: LinkProblem[] = [];
  // Code spans and blocks are examples, not links.
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  for (const [, raw = ''] of prose.matchAll(LINK)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(raw) || raw.startsWith('#')) continue; // https:, mailto:, anchors
    const target = decodeURI(raw.split('#')[0] ?? '');
    if (target === '') continue;
    if (isAbsolute(target)) {
      problems.push({ file, target: raw, problem: 'absolute path' });
      continue;
    }
    const resolved = resolve(root, dirname(file), target);
    const inside = relative(root, resolved);
    if (inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside))
      problems.push({ file, target: raw, problem: 'leaves the repository' });
    else if (!existsSync(resolved)) problems.push({ file, target: raw, problem: 'missing' });
  }
  return problems;
}

export function read(file: string): string {
  return readFileSync(join(repoRoot, file), 'utf8');
}
