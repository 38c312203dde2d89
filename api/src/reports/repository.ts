import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { documents, type DocumentRow } from '../db/schema';

/** The stored PDFs of submitted forms (written with the submission, see patient/repository.ts). */
export function reportsRepository(db: Db) {
  return {
    async findById(id: number): Promise<DocumentRow | undefined> {
      return db.select().from(documents).where(eq(documents.id, id)).get();
    },
  };
}

export type ReportsRepository = ReturnType<typeof reportsRepository>;
