import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { documents, forms, type DocumentRow } from '../db/schema';

/** The stored PDFs of submitted forms (rendered after the submission, see storedPdfs.ts). */
export function reportsRepository(db: Db) {
  return {
    /** Stores both PDFs of a form; a PDF already stored (a concurrent render) is kept as it is. */
    async storeDocuments(formId: number, pdfs: { questionnaire: Buffer; bilan: Buffer }, at: string): Promise<void> {
      db.transaction((tx) => {
        for (const [kind, content] of [['questionnaire', pdfs.questionnaire], ['bilan', pdfs.bilan]] as const) {
          tx.insert(documents).values({ formId, kind, content, bytes: content.length, createdAt: at }).onConflictDoNothing().run();
        }
      });
    },
    /** How many of its PDFs a form has stored (0 to 2). */
    async documentCount(formId: number): Promise<number> {
      return db.select({ n: sql<number>`count(*)` }).from(documents).where(eq(documents.formId, formId)).get()?.n ?? 0;
    },
    /** The patients whose submitted form lacks one of its PDFs. */
    async submittedWithoutDocuments(): Promise<number[]> {
      return db
        .select({ patientId: forms.patientId })
        .from(forms)
        .where(sql`${forms.status} = 'submitted' AND (SELECT count(*) FROM ${documents} WHERE ${documents.formId} = ${forms.id}) < 2`)
        .all()
        .map((r) => r.patientId);
    },
    async findById(id: number): Promise<DocumentRow | undefined> {
      return db.select().from(documents).where(eq(documents.id, id)).get();
    },
  };
}

export type ReportsRepository = ReturnType<typeof reportsRepository>;
