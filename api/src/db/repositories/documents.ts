import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { documents, type DocumentRow } from '../schema';

/** The stored PDFs of submitted answer sets. */
export function documentsRepository(db: Db) {
  return {
    async find(answerSetId: number, kind: DocumentRow['kind']): Promise<DocumentRow | undefined> {
      return db.select().from(documents).where(and(eq(documents.answerSetId, answerSetId), eq(documents.kind, kind))).get();
    },
    async findById(id: number): Promise<DocumentRow | undefined> {
      return db.select().from(documents).where(eq(documents.id, id)).get();
    },
  };
}

export type DocumentsRepository = ReturnType<typeof documentsRepository>;
