import { cn } from "#web/lib/utils.ts";

export type DataColumn<T> = { header: string; cell: (row: T) => string; numeric?: boolean };

type DataTableProps<T> = {
  caption: string;
  columns: DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  className?: string;
};

/**
 * A chart's figures as a table: the first column heads each row. Charts render it visually hidden as
 * their text equivalent for screen readers.
 */
export function DataTable<T>({ caption, columns, rows, rowKey, className }: DataTableProps<T>) {
  return (
    <table className={cn("w-full text-sm", className)}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col" className={column.numeric ? "text-right" : "text-left"}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column, index) =>
              index === 0 ? (
                <th key={column.header} scope="row" className="text-left font-normal">
                  {column.cell(row)}
                </th>
              ) : (
                <td key={column.header} className={column.numeric ? "text-right tabular-nums" : undefined}>
                  {column.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
