import { count, eq, sql } from 'drizzle-orm';
import { first, type Store } from '../db/store';
import type { DocumentRow } from '../db/schema';
import type { PdfStore } from '../db/pdfStore';

const EMPTY = Buffer.alloc(0);

/** A stored PDF's key: one per form and kind. */
const pdfKey = (formId: number, kind: DocumentRow['kind']) => `${formId}-${kind}`;

/** The bytes of a stored PDF: in the PDF store, or in its row for those stored before it. */
export async function pdfBytes(
  pdfs: PdfStore,
  row: Pick<DocumentRow, 'content' | 'fileKey'>,
): Promise<Buffer | undefined> {
  return row.fileKey ? pdfs.get(row.fileKey) : row.content;
}

/**
 * The stored PDFs of submitted forms (rendered after the submission, see formPdfs.ts). On SQLite
 * their bytes are files of the PDF store (the database file stays small and its backup fast); on
 * PostgreSQL they are in their rows, written in the same statement, so that every server reads
 * them without a shared folder and the database's own backup holds them.
 */
export function reportsRepository(store: Store, pdfs: PdfStore) {
  const { db, tables } = store;
  const { documents, forms } = tables;
  const inRows = store.dialect === 'postgres';
  return {
    /**
     * Stores both PDFs of a form. In files: the files first, then their rows, so that a row never
     * names a file that is not whole. A PDF already stored (a concurrent render) is kept as it is;
     * the same form renders the same bytes, so its file being written again changes nothing.
     */
    async storeDocuments(
      formId: number,
      rendered: { questionnaire: Buffer; bilan: Buffer },
      at: string,
    ): Promise<void> {
      const both = [
        ['questionnaire', rendered.questionnaire],
        ['bilan', rendered.bilan],
      ] as const;
      if (!inRows) for (const [kind, content] of both) await pdfs.put(pdfKey(formId, kind), content);
      await db
        .insert(documents)
        .values(
          both.map(([kind, content]) => ({
            formId,
            kind,
            content: inRows ? content : EMPTY,
            fileKey: inRows ? null : pdfKey(formId, kind),
            bytes: content.length,
            createdAt: at,
          })),
        )
        .onConflictDoNothing();
    },
    /**
     * PostgreSQL: the PDFs an earlier version kept as files of this server's folder, moved into
     * their rows (one at a time; those of another server's folder are left for it): how many.
     */
    async moveFilesIntoRows(): Promise<number> {
      if (!inRows) return 0;
      const rows = await db
        .select({ id: documents.id, fileKey: documents.fileKey })
        .from(documents)
        .where(sql`${documents.fileKey} IS NOT NULL`);
      let moved = 0;
      for (const row of rows) {
        const bytes = row.fileKey ? await pdfs.get(row.fileKey) : undefined;
        if (!bytes) continue;
        await db
          .update(documents)
          .set({ content: bytes, fileKey: null })
          .where(sql`${documents.id} = ${row.id} AND ${documents.fileKey} IS NOT NULL`);
        moved += 1;
      }
      return moved;
    },
    /** How many of its PDFs a form has stored (0 to 2). */
    async documentCount(formId: number): Promise<number> {
      return (await first(db.select({ n: count() }).from(documents).where(eq(documents.formId, formId))))?.n ?? 0;
    },
    /** The patients whose submitted form lacks one of its PDFs. */
    async submittedWithoutDocuments(): Promise<number[]> {
      const rows = await db
        .select({ patientId: forms.patientId })
        .from(forms)
        .where(
          sql`${forms.status} = 'submitted' AND (SELECT count(*) FROM ${documents} WHERE ${documents.formId} = ${forms.id}) < 2`,
        );
      return rows.map((r) => r.patientId);
    },
    /** A stored PDF with its bytes (an e-mail's attachment). */
    async findById(id: number): Promise<DocumentRow | undefined> {
      const row = await first(db.select().from(documents).where(eq(documents.id, id)));
      if (!row) return undefined;
      const content = await pdfBytes(pdfs, row);
      return content ? { ...row, content } : undefined;
    },
  };
}
