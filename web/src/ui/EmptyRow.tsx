/** The one row of a data table that has nothing to list, across all its columns. */
export function EmptyRow({ columns, text }: { columns: number; text: string }) {
  return (
    <tr>
      <td colSpan={columns}>{text}</td>
    </tr>
  );
}
