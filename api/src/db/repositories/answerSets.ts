import { and, eq } from 'drizzle-orm';
import type { Answers } from '@bilan/engine';
import type { Db } from '../client';
import { answerSets, documents, emails, type AnswerSetRow } from '../schema';
import { queuedEmailValues, type OutgoingEmail } from './emails';

export interface AnswerSet extends Omit<AnswerSetRow, 'sections' | 'savedSections'> {
  sections: Answers;
  savedSections: string[];
}

function parse(row: AnswerSetRow): AnswerSet {
  return { ...row, sections: JSON.parse(row.sections) as Answers, savedSections: JSON.parse(row.savedSections) as string[] };
}

export interface Submission {
  answerSetId: number;
  /** The whole normalized answer set, as validated. */
  sections: Answers;
  documents: { kind: 'questionnaire' | 'bilan'; content: Buffer }[];
  emails: OutgoingEmail[];
  now: string;
  /** When the queued e-mails are due: the mail queue runs on the wall clock, not the business clock. */
  emailsDueAt: string;
}

/** Answer sets: saving sections while in progress, and the submission. */
export function answerSetsRepository(db: Db) {
  return {
    async findByPatient(patientId: number): Promise<AnswerSet | undefined> {
      const row = db.select().from(answerSets).where(eq(answerSets.patientId, patientId)).get();
      return row ? parse(row) : undefined;
    },
    async findById(id: number): Promise<AnswerSet | undefined> {
      const row = db.select().from(answerSets).where(eq(answerSets.id, id)).get();
      return row ? parse(row) : undefined;
    },
    /**
     * Stores one section and marks it saved, only while the set is in progress (false otherwise,
     * e.g. when a submission happened in between).
     */
    async saveSection(id: number, sectionKey: string, section: Answers[string], now: string): Promise<AnswerSet | undefined> {
      return db.transaction((tx) => {
        const row = tx.select().from(answerSets).where(and(eq(answerSets.id, id), eq(answerSets.status, 'in_progress'))).get();
        if (!row) return undefined;
        const current = parse(row);
        const sections = { ...current.sections, [sectionKey]: section };
        const saved = current.savedSections.includes(sectionKey) ? current.savedSections : [...current.savedSections, sectionKey];
        const updated = tx
          .update(answerSets)
          .set({ sections: JSON.stringify(sections), savedSections: JSON.stringify(saved), updatedAt: now })
          .where(eq(answerSets.id, id))
          .returning()
          .get();
        return parse(updated);
      });
    },
    /**
     * The submission in one transaction: answers stored as submitted, both PDFs stored, e-mails
     * queued. False when the set was already submitted (nothing is written then).
     */
    async submit(s: Submission): Promise<boolean> {
      return db.transaction((tx) => {
        const r = tx
          .update(answerSets)
          .set({ sections: JSON.stringify(s.sections), status: 'submitted', submittedAt: s.now, updatedAt: s.now })
          .where(and(eq(answerSets.id, s.answerSetId), eq(answerSets.status, 'in_progress')))
          .run();
        if (r.changes !== 1) return false;
        for (const d of s.documents) {
          tx.insert(documents).values({ answerSetId: s.answerSetId, kind: d.kind, content: d.content, bytes: d.content.length, createdAt: s.now }).run();
        }
        for (const m of s.emails) tx.insert(emails).values(queuedEmailValues(m, s.now, s.emailsDueAt)).run();
        return true;
      });
    },
  };
}

export type AnswerSetsRepository = ReturnType<typeof answerSetsRepository>;
