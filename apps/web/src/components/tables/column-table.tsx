import { type ColumnDef, flexRender, getCoreRowModel, type RowData, useReactTable } from "@tanstack/react-table";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { cn } from "#web/lib/utils.ts";

// A plain list as a table of columns: a header row, then one row per item, each column's header and
// cells styled by its `meta.look`. Sorting and paging, where a list has them, are the server's.

type ColumnLook = { head?: string; cell?: string };

declare module "@tanstack/react-table" {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Extra classes of a column's header and cells (alignment, hidden on phones). */
    look?: ColumnLook;
  }
}

type ColumnTableProps<Item extends { id: string }> = {
  items: Item[];
  columns: ColumnDef<Item>[];
  /** The table's accessible name. */
  label: string;
  /** A row's own attributes (its test id, its data-* ids, its class). */
  rowProps: (item: Item) => { className?: string } & Record<`data-${string}`, string>;
  /** While a new page loads: the rows fade and the table says it is busy. */
  updating?: boolean;
};

export function ColumnTable<Item extends { id: string }>({
  items,
  columns,
  label,
  rowProps,
  updating,
}: ColumnTableProps<Item>) {
  const table = useReactTable({
    data: items,
    columns,
    getRowId: (item) => item.id,
    manualPagination: true,
    getCoreRowModel: getCoreRowModel(),
  });
  return (
    <div
      className={cn("overflow-hidden rounded-xl border bg-card shadow-xs", updating && "opacity-60 transition-opacity")}
      aria-busy={updating}
    >
      <Table aria-label={label}>
        <TableHeader>
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id} className="hover:bg-transparent">
              {group.headers.map((header) => (
                <TableHead key={header.id} scope="col" className={header.column.columnDef.meta?.look?.head}>
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </TableHead>
              ))}
            </TableRow>
          ))}
        </TableHeader>
        <TableBody>
          {table.getRowModel().rows.map((row) => (
            <TableRow key={row.id} {...rowProps(row.original)}>
              {row.getVisibleCells().map((cell) => (
                <TableCell key={cell.id} className={cell.column.columnDef.meta?.look?.cell}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
