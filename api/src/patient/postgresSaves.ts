import { eq, sql } from 'drizzle-orm';
import type { Answers } from '@bilan/engine';
import type { FormRow } from '../db/schema';
import { first, type Store, type StoreDb } from '../db/store';
import { presenceOf, replaySection, savedOutcome, type Form, type SaveOutcome, type SavedColumns } from './form';
import { recentCopies } from './recentCopies';
import { turnGroups } from './turnGroups';

/** Page saves of one form that may lose the race to another save before one takes the row's lock. */
const OPTIMISTIC_TRIES = 3;
/** The most saves one statement writes (a page's body is a few KB at most). */
const SAVES_PER_STATEMENT = 100;

type Replay = (form: Form) => Answers[string];

interface PendingSave {
  patientId: number;
  section: string;
  replay: Replay;
  now: string;
  /** Races lost so far (the form's version moved between its read and the write). */
  lost: number;
  resolve: (outcome: SaveOutcome) => void;
  reject: (error: unknown) => void;
}

/** What a save of the batch writes: the form's id and version it was replayed on, the new columns. */
interface Write {
  save: PendingSave;
  id: number;
  version: number;
  answers: string;
  savedSections: string;
}

/**
 * Page saves on PostgreSQL, and the reads every patient call makes (sqliteSaves.ts is SQLite's).
 *
 * Each statement is a round trip and each commit a flush of the write-ahead log, so the saves that
 * arrive together are written together: the patient guard's reads of one turn of the event loop
 * are one statement, which keeps the form rows it read for a few seconds; the saves that arrive
 * while two groups are with the database (turnGroups.ts) are replayed on those copies (read in one
 * statement when one is missing) and written by one UPDATE, which checks each form's version and
 * writes it in the same statement and commits once for all of them. A save whose replay refuses
 * its answers is answered alone and leaves the others; a row the database refuses fails the
 * statement, and each save of it is then written alone. A save whose form moved on in between
 * (another server's save, the finishing call) is read and replayed again with the next group;
 * after three such races it takes the form row's lock in a transaction, so that the saves of one
 * form then take turns on every server and none starves (50 saves of one form at once: the save
 * race test). Either way a finishing call that read an older copy finds the version moved on.
 */
export function postgresSaves(store: Store) {
  const {
    db,
    tables: { accounts, forms, patients },
  } = store;
  const copies = recentCopies<FormRow>();

  /** The forms of these patients, by patient, in one statement. */
  async function formsOf(patientIds: number[]): Promise<Map<number, FormRow>> {
    const rows = await db
      .select()
      .from(forms)
      .where(sql`${forms.patientId} = ANY(${sql.param(patientIds)}::bigint[])`);
    return new Map(rows.map((row) => [row.patientId, row]));
  }

  // The patient guard's reads (the status of the form) of one turn, in one statement; the rows are
  // kept for the page saves that follow.
  interface StatusRead {
    patientId: number;
    resolve: (row: FormRow | undefined) => void;
    reject: (error: unknown) => void;
  }
  const readStatus = turnGroups<StatusRead>(async (group) => {
    try {
      const found = await formsOf([...new Set(group.map((r) => r.patientId))]);
      for (const row of found.values()) copies.keep(row.patientId, row);
      for (const r of group) r.resolve(found.get(r.patientId));
    } catch (error) {
      for (const r of group) r.reject(error);
    }
  });

  /** Writes each save if its form is still at the version it was replayed on: the rows written, by form id. */
  async function writeAll(writes: Write[]): Promise<Map<number, SavedColumns>> {
    const column = <K extends keyof Write>(key: K) => sql.param(writes.map((w) => w[key]));
    // PostgreSQL's own SQL (arrays, UPDATE … FROM), through the builder typed as SQLite's (store.ts).
    const rows = await db
      .update(forms)
      .set({
        answers: sql`v.answers`,
        savedSections: sql`v.saved_sections`,
        version: sql`${forms.version} + 1`,
        updatedAt: sql`v.updated_at`,
      })
      .from(
        sql`unnest(${column('id')}::bigint[], ${column('version')}::bigint[], ${column('answers')}::text[], ${column('savedSections')}::text[], ${sql.param(writes.map((w) => w.save.now))}::text[]) AS v(id, version, answers, saved_sections, updated_at)`,
      )
      .where(sql`${forms.id} = v.id AND ${forms.version} = v.version AND ${forms.status} = 'in_progress'`)
      // Not the answers: the saves have just written them (a row's whole answers back over the wire).
      .returning({ id: forms.id, savedSections: forms.savedSections, version: forms.version });
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** One try on `handle` under the form row's lock (the last resort of a save that kept losing races). */
  const lockedSave = (save: PendingSave) =>
    store.transaction(async (tx: StoreDb): Promise<SaveOutcome> => {
      await store.rows(sql`SELECT id FROM forms WHERE patient_id = ${save.patientId} FOR UPDATE`, tx);
      const next = replaySection(
        await first(tx.select().from(forms).where(eq(forms.patientId, save.patientId))),
        save.section,
        save.replay,
      );
      if (next.status !== 'write') return next;
      const updated = await first(
        tx
          .update(forms)
          .set({
            answers: next.answers,
            savedSections: next.savedSections,
            version: sql`${forms.version} + 1`,
            updatedAt: save.now,
          })
          .where(eq(forms.id, next.id))
          .returning({ savedSections: forms.savedSections, version: forms.version }),
      );
      return updated ? savedOutcome(updated) : { status: 'missing' };
    });

  const save = turnGroups<PendingSave>(async (batch) => {
    // One save per form in a group: a second save of the same form waits for the next group, where
    // it is replayed on the first one's result.
    const seen = new Set<number>();
    const group: PendingSave[] = [];
    for (const pending of batch) {
      if (seen.has(pending.patientId)) save(pending);
      else {
        seen.add(pending.patientId);
        group.push(pending);
      }
    }
    for (let i = 0; i < group.length; i += SAVES_PER_STATEMENT)
      await writeGroup(group.slice(i, i + SAVES_PER_STATEMENT));
  });

  async function writeGroup(group: PendingSave[]): Promise<void> {
    let read: Map<number, FormRow>;
    const held = new Map(group.map((save) => [save.patientId, copies.take(save.patientId)]));
    try {
      const missing = group.filter((save) => !held.get(save.patientId)).map((save) => save.patientId);
      read = missing.length > 0 ? await formsOf(missing) : new Map();
    } catch (error) {
      for (const save of group) save.reject(error);
      return;
    }
    const writes: Write[] = [];
    for (const save of group) {
      let next: ReturnType<typeof replaySection>;
      try {
        next = replaySection(held.get(save.patientId) ?? read.get(save.patientId), save.section, save.replay);
      } catch (error) {
        // Refused answers (or validators not loaded yet): this save alone.
        save.reject(error);
        continue;
      }
      if (next.status === 'write') writes.push({ save, ...next });
      else save.resolve({ status: next.status });
    }
    if (writes.length === 0) return;
    let written: Map<number, SavedColumns>;
    try {
      written = await writeAll(writes);
    } catch (error) {
      if (writes.length === 1) {
        writes[0]?.save.reject(error);
        return;
      }
      // A value the database refused fails the whole statement: each is written alone, so that
      // only its own save is refused.
      await Promise.all(writes.map((w) => writeGroupOf(w)));
      return;
    }
    for (const w of writes) {
      const row = written.get(w.id);
      if (row) w.save.resolve(savedOutcome(row));
      else lostRace(w.save);
    }
  }

  async function writeGroupOf(w: Write): Promise<void> {
    try {
      const row = (await writeAll([w])).get(w.id);
      if (row) w.save.resolve(savedOutcome(row));
      else lostRace(w.save);
    } catch (error) {
      w.save.reject(error);
    }
  }

  /** The form moved on between the read and the write: read and replay again, or take its lock. */
  function lostRace(pending: PendingSave): void {
    pending.lost += 1;
    if (pending.lost < OPTIMISTIC_TRIES) save(pending);
    else lockedSave(pending).then(pending.resolve, pending.reject);
  }

  return {
    formPresence: (patientId: number) =>
      new Promise<FormRow | undefined>((resolve, reject) => readStatus({ patientId, resolve, reject })).then((row) =>
        row ? presenceOf(row) : undefined,
      ),
    findWithForm: (patientId: number) =>
      first(
        db
          .select()
          .from(patients)
          .innerJoin(accounts, eq(patients.pharmacyId, accounts.id))
          .innerJoin(forms, eq(forms.patientId, patients.id))
          .where(eq(patients.id, patientId)),
      ),
    saveSection(patientId: number, section: string, replay: Replay, now: string): Promise<SaveOutcome> {
      return new Promise((resolve, reject) => save({ patientId, section, replay, now, lost: 0, resolve, reject }));
    },
  };
}
