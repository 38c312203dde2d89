// Simulated patients completing whole flows (registration with the bot check, every page, the
// finishing call with both PDFs) against a listening server, a bounded number at a time. Shared by
// the load test and `pnpm bench`.
import type { Answers, BandCode } from '@bilan/engine';
import { readForm } from '../readers';
import { BANDS } from '@bilan/fixtures';
import { completeFlow, httpCall, identityFor } from './patientFlow';

export interface LoadOptions {
  url: string;
  /** The pharmacy the patients register with. */
  pharmacyId: number;
  patients: number;
  concurrency: number;
  /** First index of the simulated patients (distinct names, e-mails and addresses across runs). */
  offset?: number;
  /** Stops starting new patients after this long (the ones running finish). */
  maxMs?: number;
}

export interface LoadResult {
  completed: { userId: number; token: string; band: BandCode; saved: Answers }[];
  errors: string[];
  durationMs: number;
  /** Milliseconds per whole flow, sorted. */
  flowMs: number[];
}

/** A distinct client address per simulated patient (the server must trust X-Forwarded-For). */
function addressOf(i: number): string {
  return `10.${100 + ((i >> 16) & 127)}.${(i >> 8) & 255}.${i & 255}`;
}

export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  const started = Date.now();
  const result: LoadResult = { completed: [], errors: [], durationMs: 0, flowMs: [] };
  let next = 0;
  const worker = async () => {
    while (next < o.patients && (o.maxMs === undefined || Date.now() - started < o.maxMs)) {
      const i = (o.offset ?? 0) + next;
      next += 1;
      const band = BANDS[i % BANDS.length] as BandCode;
      const t0 = Date.now();
      try {
        const { patient, saved } = await completeFlow(
          httpCall(o.url, addressOf(i)),
          o.pharmacyId,
          identityFor(i, band, new Date()),
          band,
        );
        result.flowMs.push(Date.now() - t0);
        result.completed.push({ userId: patient.userId, token: patient.token, band, saved });
      } catch (err) {
        const cause = err instanceof Error && err.cause instanceof Error ? ` (${err.cause.message})` : '';
        result.errors.push(`patient ${i}: ${err instanceof Error ? err.message : String(err)}${cause}`);
      }
    }
  };
  await Promise.all(Array.from({ length: o.concurrency }, worker));
  result.durationMs = Date.now() - started;
  result.flowMs.sort((a, b) => a - b);
  return result;
}

/** JSON with object keys sorted, to compare answers whatever the order of their keys. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/**
 * Re-reads every completed patient from the database file (a finished form's token is refused,
 * D23): submitted, with exactly the answers the server acknowledged.
 */
export function verifyNothingLost(dbFile: string, result: LoadResult): string[] {
  const problems: string[] = [];
  for (const c of result.completed) {
    const view = readForm(dbFile, c.userId);
    if (!view) {
      problems.push(`patient ${c.userId}: no form`);
      continue;
    }
    if (view.status !== 'submitted') problems.push(`patient ${c.userId}: status ${view.status}`);
    for (const [section, answers] of Object.entries(c.saved)) {
      if (canonical(view.reponses[section]) !== canonical(answers))
        problems.push(`patient ${c.userId}: section ${section} differs`);
    }
  }
  return problems;
}
