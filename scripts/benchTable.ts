// pnpm bench:table: writes the README's performance table from bench/results.json (what the last
// whole `pnpm bench` measured), between its two markers; `-- --check` only says whether the README
// is up to date with the results (exit 1 when not). The table is never edited by hand.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const START = '<!-- bench-table:start (pnpm bench:table writes this table from bench/results.json) -->';
const END = '<!-- bench-table:end -->';

interface Result {
  key: string;
  label: string;
  value: number;
  unit: string;
  goal: string | null;
  verdict: 'ok' | 'FAIL' | null;
  ratioToCeiling: number | null;
  ceiling: string | null;
}
interface Results {
  date: string;
  node: string;
  machine: string;
  mode: string;
  durationSeconds: number;
  figures: Result[];
  notes: string[];
  /** Phases run alone after the whole run (`pnpm bench -- --next-page`): their figures replaced the run's. */
  phases?: { phase: string; date: string; mode: string; figures: string[]; notes: string[] }[];
}

/** The ceilings' keys in results.json, by the name a figure's `ceiling` gives. */
const CEILING_KEY: Record<string, string> = {
  hello: 'ceilingRps',
  sqlite: 'sqliteCommitsPerSecond',
  postgres: 'postgresCommitsPerSecond',
  pdf: 'barePdfMs',
};

const number = (v: number) => v.toLocaleString('en-GB', { maximumFractionDigits: v >= 100 ? 0 : v >= 10 ? 1 : 2 });
const withUnit = (v: number, unit: string) => `${number(v)}${unit ? ` ${unit}` : ''}`;
// A label or a note holds no newline; a pipe would end its cell.
const cell = (text: string) => text.replace(/\|/g, '\\|');

function benchTable(results: Results): string {
  const byKey = new Map(results.figures.map((f) => [f.key, f]));
  const rows = results.figures.map((f) => {
    const ceiling = f.ceiling ? byKey.get(CEILING_KEY[f.ceiling] ?? '') : undefined;
    const ratio =
      f.ratioToCeiling !== null && ceiling
        ? ` (${number(f.ratioToCeiling)} % of « ${ceiling.label.replace(/^Plafond : /, '')} », ${withUnit(ceiling.value, ceiling.unit)} in the same run)`
        : '';
    const goal = f.goal === null ? '—' : `${f.verdict === 'FAIL' ? '**FAIL**' : 'ok'} ${f.goal} ${f.unit}`.trim();
    return `| ${cell(f.label)} | ${withUnit(f.value, f.unit)}${ratio} | ${goal} |`;
  });
  return [
    START,
    `Run of ${results.date.slice(0, 16).replace('T', ' ')} UTC (${results.mode}, ${results.durationSeconds} s), Node ${results.node.replace(/^v/, '')}, ${results.machine}.`,
    '',
    '| figure (label printed by `pnpm bench`) | measured | goal |',
    '|---|---|---|',
    ...rows,
    '',
    'Notes of that run (as `pnpm bench` printed them):',
    '',
    ...results.notes.map((n) => `- ${cell(n.trim())}`),
    ...(results.phases ?? []).flatMap((p) => [
      '',
      `Measured alone by \`pnpm bench -- ${p.phase}\` on ${p.date.slice(0, 16).replace('T', ' ')} UTC (${p.mode}), replacing the run's ${p.figures.map((k) => `\`${k}\``).join(', ')}:`,
      '',
      ...p.notes.map((n) => `- ${cell(n.trim())}`),
    ]),
    END,
  ].join('\n');
}

function main(): void {
  const results = JSON.parse(readFileSync(join(root, 'bench', 'results.json'), 'utf8')) as Results;
  const file = join(root, 'README.md');
  const readme = readFileSync(file, 'utf8');
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md: the markers ${START} and ${END} are missing`);
  const updated = readme.slice(0, start) + benchTable(results) + readme.slice(end + END.length);
  if (process.argv.includes('--check')) {
    if (updated !== readme) {
      console.error('README.md: the performance table differs from bench/results.json (pnpm bench:table)');
      process.exitCode = 1;
    }
    return;
  }
  writeFileSync(file, updated);
  console.log(`README.md: performance table of ${results.date} (${results.figures.length} figures)`);
}

main();
