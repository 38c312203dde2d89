// The figures of `pnpm bench`: each printed beside its budget (bench/budgets.json) as it is
// measured, the notes that explain them, and the summary that fails the run when one is over.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

interface Budget {
  /** 'max': the figure must stay at or below; 'min': at or above; 'info': no goal. */
  kind: 'max' | 'min' | 'info';
  value: number;
  unit: string;
  /** The ceiling measured in the same run that the figure is compared with (bench/budgets.json). */
  ceiling?: 'hello' | 'sqlite' | 'postgres' | 'pdf';
}

/** The ceilings of this run, by name, as they are measured (a figure's ratio needs its ceiling first). */
const ceilings: Partial<Record<NonNullable<Budget['ceiling']>, { key: string; value: number }>> = {};
const CEILING_OF: Record<string, NonNullable<Budget['ceiling']>> = {
  ceilingRps: 'hello',
  sqliteCommitsPerSecond: 'sqlite',
  postgresCommitsPerSecond: 'postgres',
  barePdfMs: 'pdf',
};
const budgets = JSON.parse(readFileSync(join(root, 'bench/budgets.json'), 'utf8')) as {
  figures: Record<string, Budget & { label: string }>;
};

interface Figure {
  key: string;
  value: number;
  /** 'ok', 'FAIL' or null (no goal). */
  verdict: 'ok' | 'FAIL' | null;
  /** The figure over its ceiling (or the ceiling over the figure, for times), in %. */
  ratio: number | null;
}
const figures: Figure[] = [];
/** Lines printed after the figures: what was measured, how much data, anything unusual. */
export const notes: string[] = [];

const bound = (b: Budget) => `${b.kind === 'max' ? '≤' : '≥'} ${b.value}`;

/**
 * Records a figure and prints it beside its goal, its verdict (ok or FAIL) and, when it has one,
 * its ratio to the ceiling measured in the same run: a rate as a share of the ceiling's rate, a
 * time as the ceiling's time over its own (100 % = as fast as the ceiling).
 */
export function record(key: string, value: number): void {
  const b = budgets.figures[key];
  const ceilingName = CEILING_OF[key];
  if (ceilingName) ceilings[ceilingName] = { key, value };
  const ceiling = b?.ceiling ? ceilings[b.ceiling] : undefined;
  const ratio = ceiling && value > 0 ? (b?.unit === 'ms' ? ceiling.value / value : value / ceiling.value) * 100 : null;
  const verdict = b && b.kind !== 'info' ? (over(b, value) ? 'FAIL' : 'ok') : null;
  figures.push({ key, value, verdict, ratio });
  const shown = `${round(value)}${b ? ` ${b.unit}` : ''}`;
  const goal = b && b.kind !== 'info' ? `${verdict === 'FAIL' ? 'FAIL' : 'ok  '} objectif ${bound(b)} ${b.unit}` : '';
  const against = ceiling
    ? `  (${round(ratio ?? 0)} % du plafond ${budgets.figures[ceiling.key]?.label.replace(/^Plafond : /, '') ?? ceiling.key}, ${round(ceiling.value)} ${budgets.figures[ceiling.key]?.unit ?? ''})`
    : '';
  console.log(`  ${(b?.label ?? key).padEnd(62)} ${shown.padStart(14)}  ${goal}${against}`);
}

function over(b: Budget, v: number): boolean {
  if (b.kind === 'info') return false;
  // A figure that could not be measured misses its goal.
  if (Number.isNaN(v)) return true;
  return b.kind === 'max' ? v > b.value : v < b.value;
}

function round(v: number): string {
  return v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2);
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

export function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

export function section(title: string): void {
  console.log(`\n${title}`);
}

export async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const r = await fn();
  return [r, performance.now() - t0];
}

/** The notes (a partial run prints them without the summary, and writes no results). */
export function printNotes(): void {
  console.log('\nNotes');
  for (const n of notes) console.log(`  ${n}`);
}

/** The figures that miss their goal, printed (exit code 1 then). */
function printMisses(): void {
  const overBudget = figures.filter((f) => {
    const b = budgets.figures[f.key];
    return b !== undefined && over(b, f.value);
  });
  if (overBudget.length > 0) {
    console.log(`\nFAIL : ${overBudget.length} mesure(s) manquent leur objectif :`);
    for (const f of overBudget) {
      const b = budgets.figures[f.key] as Budget & { label: string };
      console.log(`  - ${b.label} : ${round(f.value)} ${b.unit}, objectif ${bound(b)} ${b.unit}`);
    }
    process.exitCode = 1;
  } else {
    console.log('\nToutes les mesures tiennent leur objectif.');
  }
}

/** This run's figures as bench/results.json keeps them. */
function resultsOfRun() {
  return figures.map((f) => {
    const b = budgets.figures[f.key];
    return {
      key: f.key,
      label: b?.label ?? f.key,
      value: Number(round(f.value)),
      unit: b?.unit ?? '',
      goal: b && b.kind !== 'info' ? `${bound(b)}` : null,
      verdict: f.verdict,
      ratioToCeiling: f.ratio === null ? null : Number(round(f.ratio)),
      ceiling: b?.ceiling ?? null,
    };
  });
}

const resultsFile = () => process.env.BENCH_JSON ?? join(root, 'bench', 'results.json');

/** The notes, the duration, and the figures that miss their goal (exit code 1 then); bench/results.json keeps them all. */
export function printSummary(started: number, about: Record<string, string>): void {
  printNotes();
  console.log(`\nDurée totale : ${((Date.now() - started) / 1000).toFixed(0)} s`);
  printMisses();
  const file = resultsFile();
  writeFileSync(
    file,
    `${JSON.stringify({ ...about, durationSeconds: Math.round((Date.now() - started) / 1000), figures: resultsOfRun(), notes }, null, 2)}\n`,
  );
  console.log(`Résultats : ${file}`);
}

/**
 * The summary of a run of one phase alone (e.g. `--next-page`, which the issue asks to be run
 * alone on a quiet machine): its figures replace the same figures of bench/results.json, the rest
 * of the whole run stays, and `phases` says which figures were measured later, when, and with
 * which notes. A whole run writes the file afresh (one file, one run); without a file yet, the
 * phase's figures start one.
 */
export function printPhaseSummary(phase: string, started: number, about: Record<string, string>): void {
  printNotes();
  console.log(`\nDurée totale : ${((Date.now() - started) / 1000).toFixed(0)} s`);
  printMisses();
  const file = resultsFile();
  const run = resultsOfRun();
  const keys = new Set(run.map((f) => f.key));
  let previous: { figures?: { key: string }[]; phases?: { phase: string }[] } & Record<string, unknown> = {};
  try {
    previous = JSON.parse(readFileSync(file, 'utf8')) as typeof previous;
  } catch {
    // No whole run yet: this phase starts the file.
  }
  const merged: { key: string }[] = (previous.figures ?? []).map((f) => run.find((r) => r.key === f.key) ?? f);
  for (const f of run) if (!merged.some((m) => m.key === f.key)) merged.push(f);
  const phases = [
    ...(previous.phases ?? []).filter((p) => p.phase !== phase),
    { phase, ...about, figures: [...keys], notes },
  ];
  writeFileSync(file, `${JSON.stringify({ ...about, ...previous, figures: merged, phases }, null, 2)}\n`);
  console.log(`Résultats (${[...keys].join(', ')} remplacés)\u00a0: ${file}`);
}
