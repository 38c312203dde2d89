import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { first, type Store, type StoreDb } from '../db/store';
import type { ActRow, AuditLogRow } from '../db/schema';
import {
  canonicalJson,
  entryHash,
  GENESIS,
  type ActStatus,
  type EntryBody,
  type EntryKind,
  type RecordBody,
} from './ledger';
import type { PersonKeys } from './personKeys';

/** One action of a staff member on the acts (D18). */
export interface AuditEntry {
  actorAccountId: number;
  action: AuditLogRow['action'];
  patientId: number | null;
  detail: Record<string, unknown> | null;
  ip: string;
  at: string;
}

/** What recording an act stores beside its ledger entry: who it is for, hashed and sealed. */
export interface NewAct extends RecordBody {
  pharmacyId: number;
  /** Sealed (patient/ssnSealer.ts), null when none. */
  socialSecurityNumber: string | null;
  keys: PersonKeys;
}

/** The key every append takes (PostgreSQL's advisory lock): the ledger is one chain. */
const LEDGER_LOCK = 'act-ledger';

/** The acts and their ledger (D34): every change one transaction that appends its entry and updates the act's row. */
export function actsRepository(store: Store) {
  const { db, tables } = store;
  const { actEntries, acts, auditLog, forms, patients } = tables;

  const auditValues = (e: AuditEntry) => ({
    actorAccountId: e.actorAccountId,
    action: e.action,
    patientId: e.patientId,
    detail: e.detail ? JSON.stringify(e.detail) : null,
    ip: e.ip,
    createdAt: e.at,
  });

  /** Appends one entry after the last, in `tx` (which holds the ledger's lock); its sequence number. */
  async function append(
    tx: StoreDb,
    e: { actId: number; pharmacyId: number; kind: EntryKind; body: EntryBody; at: string },
  ) {
    const last = await first(
      tx.select({ seq: actEntries.seq, hash: actEntries.hash }).from(actEntries).orderBy(desc(actEntries.seq)).limit(1),
    );
    const stated = {
      seq: (last?.seq ?? 0) + 1,
      actId: e.actId,
      pharmacyId: e.pharmacyId,
      kind: e.kind,
      body: canonicalJson(e.body),
      createdAt: e.at,
      previousHash: last?.hash ?? GENESIS,
    };
    await tx.insert(actEntries).values({ ...stated, hash: entryHash(stated) });
    return stated.seq;
  }

  /** The next sequence number, for an act's row written before its entry (the entry names the act's id). */
  async function nextSeq(tx: StoreDb): Promise<number> {
    const last = await first(
      tx.select({ seq: actEntries.seq }).from(actEntries).orderBy(desc(actEntries.seq)).limit(1),
    );
    return (last?.seq ?? 0) + 1;
  }

  /**
   * One change of an act (status, cancellation), in one transaction under the ledger's lock: the
   * act as `where` finds it (null when it does not, nothing written), its ledger entry, its row,
   * what `after` adds, its audit entry.
   */
  async function change(
    where: ReturnType<typeof and>,
    entry: { actId: number; pharmacyId: number; kind: EntryKind; body: EntryBody; at: string },
    set: Partial<typeof acts.$inferInsert>,
    audit: AuditEntry,
    after: (tx: StoreDb, current: ActRow) => Promise<void> = async () => {},
  ): Promise<ActRow | null> {
    return store.transaction(async (tx) => {
      await store.lockKey(tx, LEDGER_LOCK);
      const current = await first(tx.select().from(acts).where(where));
      if (!current) return null;
      const seq = await append(tx, entry);
      const [row] = await tx
        .update(acts)
        .set({ ...set, headSeq: seq })
        .where(eq(acts.id, entry.actId))
        .returning();
      await after(tx, current);
      await tx.insert(auditLog).values(auditValues(audit));
      return row ?? null;
    });
  }

  return {
    /** The submitted form of this pharmacy's patient, with the patient; undefined for another pharmacy's or an unsent one. */
    async formOf(pharmacyId: number, patientId: number) {
      return first(
        db
          .select({ patient: patients, form: forms })
          .from(patients)
          .innerJoin(forms, eq(forms.patientId, patients.id))
          .where(
            and(
              eq(patients.id, patientId),
              eq(patients.pharmacyId, pharmacyId),
              eq(forms.pharmacyId, pharmacyId),
              eq(forms.status, 'submitted'),
            ),
          ),
      );
    },

    /** The acts recorded from a patient's form at this pharmacy, newest first (cancelled ones included). */
    async actsOfPatient(pharmacyId: number, patientId: number): Promise<ActRow[]> {
      return db
        .select()
        .from(acts)
        .where(and(eq(acts.pharmacyId, pharmacyId), eq(acts.patientId, patientId)))
        .orderBy(desc(acts.id));
    },

    /** One act of this pharmacy; undefined for another pharmacy's. */
    async actOf(pharmacyId: number, actId: number): Promise<ActRow | undefined> {
      return first(
        db
          .select()
          .from(acts)
          .where(and(eq(acts.id, actId), eq(acts.pharmacyId, pharmacyId))),
      );
    },

    /**
     * Records an act unless the same person already has an active one in the band at this
     * pharmacy: in one transaction holding the ledger's lock (SQLite's write lock, PostgreSQL's
     * advisory lock), so two servers recording at once give one act; the unique index on active
     * acts holds it too. Returns the act, or the earlier act that refuses it.
     */
    async record(
      a: NewAct,
      isSame: (row: { nameKey: string; ssnKey: string | null }) => boolean,
      nameKeys: string[],
      ssnKeys: string[],
      audit: AuditEntry,
    ): Promise<{ act: ActRow } | { existing: ActRow }> {
      return store.transaction(async (tx) => {
        await store.lockKey(tx, LEDGER_LOCK);
        const candidates = await tx
          .select()
          .from(acts)
          .where(
            and(
              eq(acts.pharmacyId, a.pharmacyId),
              eq(acts.band, a.band),
              isNull(acts.cancelledAt),
              ssnKeys.length > 0
                ? or(inArray(acts.nameKey, nameKeys), inArray(acts.ssnKey, ssnKeys))
                : inArray(acts.nameKey, nameKeys),
            ),
          )
          .orderBy(asc(acts.performedAt));
        const existing = candidates.find(isSame);
        if (existing) return { existing };
        const seq = await nextSeq(tx);
        const { keys, pharmacyId, socialSecurityNumber, ...record } = a;
        const [act] = await tx
          .insert(acts)
          .values({
            ...record,
            pharmacyId,
            socialSecurityNumber,
            personKey: keys.personKey,
            nameKey: keys.nameKey,
            ssnKey: keys.ssnKey,
            keyId: keys.keyId,
            status: 'realise',
            headSeq: seq,
          })
          .returning();
        if (!act) throw new Error('act not stored');
        const body: RecordBody = record;
        await append(tx, { actId: act.id, pharmacyId, kind: 'record', body, at: a.performedAt });
        await tx
          .update(forms)
          .set({ bilanDoneAt: a.performedAt })
          .where(eq(forms.patientId, a.patientId ?? -1));
        await tx.insert(auditLog).values(auditValues({ ...audit, detail: { act: act.id } }));
        return { act };
      });
    },

    /**
     * Moves an act to `status` if it is still in `from` and not cancelled, as one ledger entry;
     * the act as it is then, or null when it moved meanwhile.
     */
    async setStatus(
      s: {
        pharmacyId: number;
        actId: number;
        from: ActStatus;
        status: ActStatus;
        reference: string | null;
        by: number;
        at: string;
      },
      audit: AuditEntry,
    ): Promise<ActRow | null> {
      return change(
        and(eq(acts.id, s.actId), eq(acts.pharmacyId, s.pharmacyId), eq(acts.status, s.from), isNull(acts.cancelledAt)),
        {
          actId: s.actId,
          pharmacyId: s.pharmacyId,
          kind: 'status',
          body: { status: s.status, reference: s.reference, by: s.by },
          at: s.at,
        },
        { status: s.status, reference: s.reference },
        audit,
      );
    },

    /** Cancels an act not cancelled yet, with its reason, as one ledger entry; null when it already was. */
    async cancel(
      c: { pharmacyId: number; actId: number; reason: string; by: number; at: string },
      audit: AuditEntry,
    ): Promise<ActRow | null> {
      return change(
        and(eq(acts.id, c.actId), eq(acts.pharmacyId, c.pharmacyId), isNull(acts.cancelledAt)),
        { actId: c.actId, pharmacyId: c.pharmacyId, kind: 'cancel', body: { reason: c.reason, by: c.by }, at: c.at },
        { cancelledAt: c.at, cancelReason: c.reason },
        audit,
        // The form waits again on the dashboard unless another act of it is still active.
        async (tx, current) => {
          if (current.patientId === null) return;
          const active = await first(
            tx
              .select({ performedAt: acts.performedAt })
              .from(acts)
              .where(
                and(eq(acts.patientId, current.patientId), eq(acts.pharmacyId, c.pharmacyId), isNull(acts.cancelledAt)),
              ),
          );
          await tx
            .update(forms)
            .set({ bilanDoneAt: active?.performedAt ?? null })
            .where(eq(forms.patientId, current.patientId));
        },
      );
    },

    /** A pharmacy's acts performed in [start, end), in order (the month's export), `limit` after `afterId`. */
    async actsBetween(pharmacyId: number, start: string, end: string): Promise<ActRow[]> {
      return db
        .select()
        .from(acts)
        .where(and(eq(acts.pharmacyId, pharmacyId), gte(acts.performedAt, start), lt(acts.performedAt, end)))
        .orderBy(asc(acts.performedAt), asc(acts.id));
    },

    /** The acts whose hashes were made under another key than `keyId` (after a rotation), a batch at a time. */
    async staleKeys(keyId: string, afterId: number, limit: number) {
      return db
        .select()
        .from(acts)
        .where(and(sql`${acts.keyId} <> ${keyId}`, sql`${acts.id} > ${afterId}`))
        .orderBy(asc(acts.id))
        .limit(limit);
    },

    /** Writes an act's hashes and sealed number again (rotation): not ledger facts, so no entry. */
    async setKeys(actId: number, keys: PersonKeys, socialSecurityNumber: string | null) {
      await db
        .update(acts)
        .set({
          personKey: keys.personKey,
          nameKey: keys.nameKey,
          ssnKey: keys.ssnKey,
          keyId: keys.keyId,
          socialSecurityNumber,
        })
        .where(eq(acts.id, actId));
    },

    async recordAudit(e: AuditEntry) {
      await db.insert(auditLog).values(auditValues(e));
    },
  };
}
