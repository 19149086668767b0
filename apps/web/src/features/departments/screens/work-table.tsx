import type { OutcomeFigures } from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { ListPagination } from "#web/components/layout/list-pagination.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { cn } from "#web/lib/utils.ts";
import { WorkEmpty } from "./work-card.tsx";
import { type OutcomeKey, outcomeDefinition } from "./workforce.ts";

/** One column of a department list: its heading and what each row shows under it. */
export type WorkColumn<Row> = {
  head: string;
  /** Figures sit right, heading and cells alike. */
  align?: "right";
  /** The cells' own classes (width, truncation, tone). */
  className?: string;
  /** The cell's tooltip: the whole of a value the column cuts. */
  title?: (row: Row) => string;
  /** Marks the cell with `data-figure`, so the figure can be found by its outcome. */
  figure?: OutcomeKey;
  cell: (row: Row) => ReactNode;
};

type WorkTableProps<Row> = {
  rows: readonly Row[];
  columns: readonly WorkColumn<Row>[];
  /** What an empty list says instead of the table. */
  empty: ReactNode;
  /** Each row's `data-testid`. */
  rowTestId: string;
  /** Below the table, only when it has rows (the paging bar). */
  footer?: ReactNode;
};

/** A department list's table: the first and last columns keep to the card's padding. */
export function WorkTable<Row extends { id: string }>({
  rows,
  columns,
  empty,
  rowTestId,
  footer,
}: WorkTableProps<Row>) {
  if (rows.length === 0) return typeof empty === "string" ? <WorkEmpty>{empty}</WorkEmpty> : empty;
  const last = columns.length - 1;
  const edge = (index: number, column: WorkColumn<Row>, own?: string) =>
    cn(own, index === 0 && "pl-4", index === last && "pr-4", column.align === "right" && "text-right") || undefined;
  return (
    <>
      <Table>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            {columns.map((column, index) => (
              <TableHead key={column.head} className={edge(index, column)}>
                {column.head}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} data-testid={rowTestId}>
              {columns.map((column, index) => (
                <TableCell
                  key={column.head}
                  className={edge(index, column, column.className)}
                  title={column.title?.(row)}
                  data-figure={column.figure}
                >
                  {column.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {footer}
    </>
  );
}

/** A column of one outcome figure, formatted as the figure cards format it. */
export function figureColumn<Row extends { present: OutcomeFigures }>(
  key: OutcomeKey,
  currency: string,
  after?: (row: Row) => ReactNode,
): WorkColumn<Row> {
  const definition = outcomeDefinition(key);
  const value = (row: Row) => definition.format(definition.value(row.present), currency);
  return {
    head: definition.label,
    align: "right",
    className: "tabular-nums",
    figure: key,
    cell: after
      ? (row) => (
          <span className="inline-flex items-center gap-2">
            {value(row)}
            {after(row)}
          </span>
        )
      : value,
  };
}

type WorkPagesProps = {
  /** The screen the list is on: its address keeps the period and takes the page. */
  path: "/collections" | "/retention";
  page: number;
  perPage: number;
  total: number;
  noun: string;
};

/** The paging bar of a paged department list; page 1 stays out of the address. */
export function WorkPages({ path, ...pages }: WorkPagesProps) {
  const pageLink = (page: number, children: ReactNode) => (
    <Link from={path} to={path} search={(prev) => ({ ...prev, page: page > 1 ? page : undefined })}>
      {children}
    </Link>
  );
  return (
    <div className="px-4 pt-2 pb-2">
      <ListPagination {...pages} pageLink={pageLink} hideSinglePage />
    </div>
  );
}
