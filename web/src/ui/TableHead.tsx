import type { ReactNode } from 'react';

/** A column header: its text, or a label with a class (e.g. a column hidden on phones). */
export type Column = string | { key: string; label: ReactNode; className?: string };

/** The header row of a data table: one column header (scope="col") per column. */
export function TableHead({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) =>
          typeof column === 'string' ? (
            <th key={column} scope="col">
              {column}
            </th>
          ) : (
            <th key={column.key} scope="col" className={column.className}>
              {column.label}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
