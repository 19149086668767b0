import { formatLongDate, type KnowledgeEntry } from "@foreman/contract";
import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { Download, Trash2 } from "lucide-react";
import { useMemo } from "react";
import { ManagerOnly } from "#web/components/access/manager-only.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { describeEmployees, describeSource } from "./knowledge-format.ts";
import { KnowledgeStatus } from "./knowledge-status.tsx";

export type KnowledgeActions = {
  canManage: boolean;
  onDownload: (entry: KnowledgeEntry) => void;
  onDelete: (entry: KnowledgeEntry) => void;
};

function knowledgeColumns(actions: KnowledgeActions, names: ReadonlyMap<string, string>): ColumnDef<KnowledgeEntry>[] {
  return [
    {
      id: "title",
      header: "Title",
      cell: ({ row }) => {
        const source = describeSource(row.original);
        return (
          <div className="min-w-0 max-w-48 sm:max-w-72">
            <p className="truncate font-medium" title={row.original.title}>
              {row.original.title}
            </p>
            <p className="truncate text-muted-foreground text-xs" title={source}>
              {source}
            </p>
          </div>
        );
      },
    },
    {
      id: "employees",
      header: "AI employees",
      cell: ({ row }) => {
        const text = describeEmployees(row.original.aiEmployeeIds, names);
        return (
          <p className="max-w-48 truncate" title={text}>
            {text}
          </p>
        );
      },
      meta: { look: { head: "hidden md:table-cell", cell: "hidden md:table-cell" } },
    },
    { id: "status", header: "Status", cell: ({ row }) => <KnowledgeStatus entry={row.original} /> },
    {
      id: "created",
      header: "Added",
      cell: ({ row }) => formatLongDate(row.original.createdAt),
      meta: {
        look: { head: "hidden lg:table-cell", cell: "hidden whitespace-nowrap text-muted-foreground lg:table-cell" },
      },
    },
    {
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) => (
        <div className="flex justify-end gap-1">
          {row.original.source === "file" ? (
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={`Download ${row.original.fileName ?? row.original.title}`}
              title="Download the original"
              onClick={() => actions.onDownload(row.original)}
            >
              <Download aria-hidden />
            </Button>
          ) : null}
          <ManagerOnly allowed={actions.canManage}>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={`Delete ${row.original.title}`}
              title={actions.canManage ? "Delete" : undefined}
              disabled={!actions.canManage}
              onClick={() => actions.onDelete(row.original)}
              className="text-muted-foreground hover:text-destructive"
            >
              <Trash2 aria-hidden />
            </Button>
          </ManagerOnly>
        </div>
      ),
      meta: { look: { cell: "w-20" } },
    },
  ];
}

type KnowledgeTableProps = {
  entries: KnowledgeEntry[];
  names: ReadonlyMap<string, string>;
  actions: KnowledgeActions;
};

/** Every entry, newest first as the server sends them; AI employees and dates give way on phones. */
export function KnowledgeTable({ entries, names, actions }: KnowledgeTableProps) {
  const columns = useMemo(() => knowledgeColumns(actions, names), [actions, names]);
  const table = useReactTable({
    data: entries,
    columns,
    getRowId: (row) => row.id,
    getCoreRowModel: getCoreRowModel(),
  });
  return (
    <div className="overflow-hidden rounded-xl border bg-card shadow-xs">
      <Table aria-label="Knowledge base entries">
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
            <TableRow key={row.id} data-testid="knowledge-row" data-entry-id={row.id} className="align-top">
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
