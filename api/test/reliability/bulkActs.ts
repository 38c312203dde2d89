import Database from 'better-sqlite3';
import { paris } from '@bilan/engine';
import { canonicalJson, entryHash, GENESIS } from '../../src/acts/ledger';

// Acts written straight into a database file as the server writes them (a valid ledger: the
// start checks every entry): the bench's « Actes du mois » of 10,000 acts (scripts/bench/acts.ts).

/** `count` acts of one pharmacy, spread over the current Paris month up to now, a quarter cancelled or moved on. */
export function insertActs(file: string, pharmacyId: number, count: number, now: Date, keyId: string): void {
  const db = new Database(file);
  db.pragma('busy_timeout = 10000');
  const monthStart = paris.dayStart(`${paris.month(now)}-01`).getTime();
  const span = Math.max(now.getTime() - monthStart - 60_000, 60_000);
  const insertAct = db.prepare(`INSERT INTO acts (pharmacy_id, patient_id, band, last_name, first_name, birth_date,
    social_security_number, person_key, name_key, ssn_key, key_id, code, amount_cents, department, performed_at,
    performed_by, status, reference, cancelled_at, cancel_reason, head_seq)
    VALUES (?, NULL, '45to50', ?, ?, '1978-05-02', NULL, ?, ?, NULL, ?, 'RDP', 3000, '75', ?, ?, ?, ?, ?, ?, ?)`);
  const insertEntry =
    db.prepare(`INSERT INTO act_entries (seq, act_id, pharmacy_id, kind, body, created_at, previous_hash, hash)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  let seq = 0;
  let previousHash = GENESIS;
  const append = (actId: number, kind: 'record' | 'status' | 'cancel', body: object, at: string) => {
    seq += 1;
    const stated = { seq, actId, pharmacyId, kind, body: canonicalJson(body), createdAt: at, previousHash };
    const hash = entryHash(stated);
    insertEntry.run(seq, actId, pharmacyId, kind, stated.body, at, previousHash, hash);
    previousHash = hash;
    return seq;
  };
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const at = new Date(monthStart + Math.floor((span * i) / count)).toISOString();
      const lastName = `Patient${String(i).padStart(5, '0')}`;
      const firstName = 'Zoé';
      const key = `bench-${i}`;
      const status = i % 4 === 1 ? 'a_facturer' : i % 4 === 2 ? 'facture' : 'realise';
      const reference = status === 'facture' ? `FAC-${i}` : null;
      const cancelled = i % 4 === 3 ? at : null;
      const actId = Number(
        insertAct.run(
          pharmacyId,
          lastName,
          firstName,
          key,
          key,
          keyId,
          at,
          pharmacyId,
          status,
          reference,
          cancelled,
          cancelled ? 'Doublon' : null,
          0,
        ).lastInsertRowid,
      );
      const body = {
        patientId: null,
        band: '45to50',
        lastName,
        firstName,
        birthDate: '1978-05-02',
        code: 'RDP',
        amountCents: 3000,
        department: '75',
        performedAt: at,
        performedBy: pharmacyId,
      };
      let head = append(actId, 'record', body, at);
      if (status !== 'realise')
        head = append(actId, 'status', { status: 'a_facturer', reference: null, by: pharmacyId }, at);
      if (status === 'facture') head = append(actId, 'status', { status: 'facture', reference, by: pharmacyId }, at);
      if (cancelled) head = append(actId, 'cancel', { reason: 'Doublon', by: pharmacyId }, at);
      db.prepare('UPDATE acts SET head_seq = ? WHERE id = ?').run(head, actId);
    }
    db.prepare("UPDATE accounts SET department = '75' WHERE id = ?").run(pharmacyId);
  })();
  db.close();
}
