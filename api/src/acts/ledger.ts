import { createHash } from 'node:crypto';
import { asc, gt } from 'drizzle-orm';
import { first, type Store } from '../db/store';
import type { ActEntryRow, ActRow } from '../db/schema';

// The ledger of the acts (D34): append-only, each entry numbered (seq 1, 2, 3…) and carrying the
// hash of the one before, so that an entry edited, removed or put out of order shows at the next
// start. The `acts` table is the ledger folded (one row per act); the start folds again and
// compares, so that a change made to a row of `acts` alone shows too. What it does not stop: a
// person who can write to the database and recomputes every hash after the one they changed
// (that would take the hashes kept outside it, such as in a backup).

/** The hash before the first entry. */
export const GENESIS = '0'.repeat(64);

export type EntryKind = ActEntryRow['kind'];
export type ActStatus = ActRow['status'];

/** What a « record » entry states: the act's facts, fixed from then on. */
export interface RecordBody {
  patientId: number | null;
  band: string;
  lastName: string;
  firstName: string;
  birthDate: string;
  code: string;
  amountCents: number;
  department: string;
  performedAt: string;
  performedBy: number;
}
/** A change of status (« À facturer », « Facturé » with its invoice reference). */
interface StatusBody {
  status: ActStatus;
  reference: string | null;
  by: number;
}
/** A cancellation and its reason. */
interface CancelBody {
  reason: string;
  by: number;
}
/** The retention purge removed the entries before `from`; the last of them hashed `previousHash`. */
interface PurgeBody {
  from: number;
  previousHash: string;
  acts: number;
}
export type EntryBody = RecordBody | StatusBody | CancelBody | PurgeBody;

/** JSON with its keys sorted: the same facts always give the same text, hence the same hash. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** An entry's hash: SHA-256 of the previous hash and of every column the entry states. */
export function entryHash(e: Omit<ActEntryRow, 'id' | 'hash'>): string {
  return createHash('sha256')
    .update([e.previousHash, e.seq, e.actId, e.pharmacyId, e.kind, e.createdAt, e.body].join('\n'))
    .digest('hex');
}

/** The state of an act as its entries make it (what its row in `acts` must say). */
interface FoldedAct {
  pharmacyId: number;
  record: RecordBody;
  status: ActStatus;
  reference: string | null;
  cancelledAt: string | null;
  cancelReason: string | null;
  headSeq: number;
}

/** Where the chain breaks, in French, naming the entry. */
interface LedgerBreak {
  seq: number;
  message: string;
}

export type LedgerCheck = { ok: true; entries: number; acts: number } | { ok: false; broken: LedgerBreak };

const BATCH = 1000;
/**
 * Between two batches the check gives the event loop its turn: it runs beside the server's first
 * requests (SQLite answers synchronously, so without a pause it would hold the thread to the end).
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Applies one entry to the act it is about; a message when it cannot apply. */
function apply(folded: Map<number, FoldedAct>, e: ActEntryRow): string | null {
  const body = JSON.parse(e.body) as EntryBody;
  if (e.kind === 'purge') return null;
  const act = folded.get(e.actId);
  if (e.kind === 'record') {
    if (act) return `l’acte n°\u00a0${e.actId} y est enregistré deux fois`;
    if (e.pharmacyId === null) return 'elle n’a pas de pharmacie';
    folded.set(e.actId, {
      pharmacyId: e.pharmacyId,
      record: body as RecordBody,
      status: 'realise',
      reference: null,
      cancelledAt: null,
      cancelReason: null,
      headSeq: e.seq,
    });
    return null;
  }
  if (!act || act.pharmacyId !== e.pharmacyId)
    return `elle porte sur l’acte n°\u00a0${e.actId}, qui n’y est pas enregistré`;
  if (e.kind === 'status') {
    const s = body as StatusBody;
    act.status = s.status;
    act.reference = s.reference;
  } else {
    act.cancelledAt = e.createdAt;
    act.cancelReason = (body as CancelBody).reason;
  }
  act.headSeq = e.seq;
  return null;
}

/** What a row of `acts` says that its entries do not, or null when they agree. */
function differs(row: ActRow, act: FoldedAct | undefined): string | null {
  if (!act) return 'aucune entrée du registre ne l’enregistre';
  const r = act.record;
  const expected: Partial<Record<keyof ActRow, unknown>> = {
    pharmacyId: act.pharmacyId,
    patientId: r.patientId,
    band: r.band,
    lastName: r.lastName,
    firstName: r.firstName,
    birthDate: r.birthDate,
    code: r.code,
    amountCents: r.amountCents,
    department: r.department,
    performedAt: r.performedAt,
    performedBy: r.performedBy,
    status: act.status,
    reference: act.reference,
    cancelledAt: act.cancelledAt,
    cancelReason: act.cancelReason,
    headSeq: act.headSeq,
  };
  for (const [key, value] of Object.entries(expected)) {
    // A purged patient's id stays in the act as it was recorded.
    if (row[key as keyof ActRow] !== value) return `sa colonne ${key} ne correspond pas au registre`;
  }
  return null;
}

/**
 * Checks the whole ledger: entries numbered 1, 2, 3… without gap, each carrying the hash of the
 * one before and its own hash of what it states; then the rows of `acts` against the entries
 * folded. Read in batches; the first break found is named.
 */
export async function checkLedger(store: Store): Promise<LedgerCheck> {
  const {
    db,
    tables: { actEntries, acts },
  } = store;
  const folded = new Map<number, FoldedAct>();
  // The chain starts at 1 after GENESIS, or where a purge says it removed the entries before.
  const head = await first(
    db
      .select({ seq: actEntries.seq, previousHash: actEntries.previousHash })
      .from(actEntries)
      .orderBy(asc(actEntries.seq))
      .limit(1),
  );
  const start = head && head.seq > 1 ? head : null;
  let anchored = start === null;
  let previous = start ? { seq: start.seq - 1, hash: start.previousHash } : { seq: 0, hash: GENESIS };
  let entries = 0;
  for (let after = 0; ;) {
    const batch = await db
      .select()
      .from(actEntries)
      .where(gt(actEntries.seq, after))
      .orderBy(asc(actEntries.seq))
      .limit(BATCH);
    if (batch.length === 0) break;
    await nextTurn();
    for (const e of batch) {
      if (e.seq !== previous.seq + 1) {
        const missing = previous.seq + 1;
        return {
          ok: false,
          broken: {
            seq: missing,
            message:
              missing === e.seq - 1
                ? `l’entrée n°\u00a0${missing} manque (l’entrée n°\u00a0${e.seq} suit l’entrée n°\u00a0${previous.seq})`
                : `les entrées n°\u00a0${missing} à ${e.seq - 1} manquent`,
          },
        };
      }
      if (e.previousHash !== previous.hash)
        return {
          ok: false,
          broken: {
            seq: e.seq,
            message: `l’entrée n°\u00a0${e.seq} ne porte pas l’empreinte de l’entrée n°\u00a0${previous.seq}`,
          },
        };
      const { id: _id, hash, ...stated } = e;
      if (entryHash(stated) !== hash)
        return { ok: false, broken: { seq: e.seq, message: `l’entrée n°\u00a0${e.seq} a été modifiée` } };
      let problem: string | null;
      try {
        if (e.kind === 'purge' && start) {
          const p = JSON.parse(e.body) as PurgeBody;
          if (p.from === start.seq && p.previousHash === start.previousHash) anchored = true;
        }
        problem = apply(folded, e);
      } catch {
        problem = 'son contenu est illisible';
      }
      if (problem) return { ok: false, broken: { seq: e.seq, message: `entrée n°\u00a0${e.seq}\u00a0: ${problem}` } };
      previous = { seq: e.seq, hash };
      entries++;
    }
    after = previous.seq;
  }
  if (!anchored && start)
    return {
      ok: false,
      broken: {
        seq: 1,
        message:
          start.seq === 2
            ? 'l’entrée n°\u00a01 manque'
            : `les entrées n°\u00a01 à ${start.seq - 1} manquent (aucune purge ne les a retirées)`,
      },
    };
  let rows = 0;
  for (let after = 0; ;) {
    const batch = await db.select().from(acts).where(gt(acts.id, after)).orderBy(asc(acts.id)).limit(BATCH);
    await nextTurn();
    if (batch.length === 0) break;
    for (const row of batch) {
      const problem = differs(row, folded.get(row.id));
      if (problem)
        return {
          ok: false,
          broken: { seq: folded.get(row.id)?.headSeq ?? 0, message: `l’acte n°\u00a0${row.id}\u00a0: ${problem}` },
        };
      folded.delete(row.id);
      rows++;
    }
    after = batch.at(-1)?.id ?? after;
  }
  const [lost] = folded.entries();
  if (lost)
    return {
      ok: false,
      broken: {
        seq: lost[1].headSeq,
        message: `l’acte n°\u00a0${lost[0]} du registre n’est plus dans la table des actes`,
      },
    };
  return { ok: true, entries, acts: rows };
}
