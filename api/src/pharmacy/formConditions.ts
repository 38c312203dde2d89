import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Store } from '../db/store';

/** A LIKE pattern matching `text` anywhere, with LIKE's wildcards taken literally. */
const containing = (text: string) => ['%', text.replace(/[\\%_]/g, (c) => `\\${c}`), '%'].join('');

/**
 * The conditions and columns the dashboard's queries share (pharmacy/repository.ts): a form of
 * this pharmacy, a submitted one, the month and search filters, who a listed form is about.
 */
export function formConditions({ dialect, tables: { forms, patients } }: Pick<Store, 'dialect' | 'tables'>) {
  /**
   * The WHERE condition "forms of this pharmacy", for a query that joins patients to forms: read
   * through the forms' own pharmacy column and its indexes (pharmacy, month, date), never all of
   * the pharmacy's patients. The patient's pharmacy is checked as well, with SQLite's unary `+` so
   * that it picks no index of its own: were a form's copy ever wrong, it could hide that form,
   * never show it to another pharmacy. (PostgreSQL's planner weighs both indexes by their
   * statistics and takes no such hint; `+` does not apply to its text.)
   */
  const noIndex = (column: SQLWrapper) => (dialect === 'sqlite' ? sql`+${column}` : sql`${column}`);
  const ofPharmacy = (pharmacyId: number): SQL =>
    and(eq(forms.pharmacyId, pharmacyId), sql`${noIndex(patients.pharmacyId)} = ${pharmacyId}`) as SQL;

  /** The submitted forms of this pharmacy. The status carries `+` too: the (status, date) index spans every pharmacy. */
  const submittedOfPharmacy = (pharmacyId: number): SQL =>
    and(ofPharmacy(pharmacyId), sql`${noIndex(forms.status)} = 'submitted'`) as SQL;

  /** The month and search conditions of a dashboard query. */
  const formFilters = (q: { month: string | null; words: string[]; birthDate: string | null }): SQL[] => {
    const filters: SQL[] = [];
    if (q.month) filters.push(eq(forms.submittedMonth, q.month));
    if (q.birthDate) filters.push(eq(patients.birthDate, q.birthDate));
    for (const word of q.words) {
      filters.push(
        sql`search_fold(${patients.lastName} || ' ' || ${patients.firstName}) LIKE ${containing(word)} ESCAPE '\\'`,
      );
    }
    return filters;
  };

  /** Who a listed form is about, as both lists (received, in progress) select it. */
  const personColumns = {
    patientId: patients.id,
    lastName: patients.lastName,
    firstName: patients.firstName,
    birthDate: patients.birthDate,
    band: patients.band,
  };

  return { ofPharmacy, submittedOfPharmacy, formFilters, personColumns };
}
