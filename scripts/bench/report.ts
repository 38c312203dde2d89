// The figures of `pnpm bench`: each printed beside its budget (bench/budgets.json) as it is
// measured, the notes that explain them, and the summary that fails the run when one is over.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

interface Budget {
  /** 'max': the figure must stay at or below; 'min': at or above; 'info': no budget. */
  kind: 'max' | 'min' | 'info';
  value: number;
  unit: string;
}
const budgets = JSON.parse(readFileSync(join(root, 'bench/budgets.json'), 'utf8')) as { figures: Record<string, Budget & { label: string }> };

interface Figure {
  key: string;
  value: number;
}
const figures: Figure[] = [];
/** Lines printed after the figures: what was measured, how much data, anything unusual. */
export const notes: string[] = [];

const bound = (b: Budget) => `${b.kind === 'max' ? '≤' : '≥'} ${b.value}`;

/** Records a figure and prints it with its verdict. */
export function record(key: string, value: number): void {
  figures.push({ key, value });
  const b = budgets.figures[key];
  const shown = `${round(value)}${b ? ` ${b.unit}` : ''}`;
  const verdict = b && b.kind !== 'info' ? (over(b, value) ? `AU-DESSUS DU BUDGET (${bound(b)} ${b.unit})` : `ok (budget ${bound(b)})`) : '';
  console.log(`  ${(b?.label ?? key).padEnd(62)} ${shown.padStart(14)}  ${verdict}`);
}

function over(b: Budget, v: number): boolean {
  if (b.kind === 'info') return false;
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
  return percentile([...values].sort((a, b) => a - b), 50);
}

export function section(title: string): void {
  console.log(`\n${title}`);
}

export async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const r = await fn();
  return [r, performance.now() - t0];
}

/** The notes, the duration, and the figures over budget (exit code 1 then); BENCH_JSON keeps them all. */
export function printSummary(started: number): void {
  console.log('\nNotes');
  for (const n of notes) console.log(`  ${n}`);
  const overBudget = figures.filter((f) => {
    const b = budgets.figures[f.key];
    return b !== undefined && over(b, f.value);
  });
  console.log(`\nDurée totale : ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (overBudget.length > 0) {
    console.log(`\nAu-dessus du budget (${overBudget.length}) :`);
    for (const f of overBudget) {
      const b = budgets.figures[f.key] as Budget & { label: string };
      console.log(`  - ${b.label} : ${round(f.value)} ${b.unit}, budget ${bound(b)} ${b.unit}`);
    }
    process.exitCode = 1;
  } else {
    console.log('\nToutes les mesures tiennent leur budget.');
  }
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify({ figures, notes }, null, 2));
}
