import { formatLongDate, type KnowledgeEntry } from "@foreman/contract";
import type { ColumnDef } from "@tanstack/react-table";
import { Download, Trash2 } from "lucide-react";
import { useMemo } from "react";
import { ManagerIconButton } from "#web/components/access/manager-icon-button.tsx";
import { ColumnTable } from "#web/components/tables/column-table.tsx";
import { Button } from "#web/components/ui/button.tsx";
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
          <ManagerIconButton
            allowed={actions.canManage}
            label={`Delete ${row.original.title}`}
            hint="Delete"
            destructive
            onClick={() => actions.onDelete(row.original)}
          >
            <Trash2 aria-hidden />
          </ManagerIconButton>
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
  return (
    <ColumnTable
      items={entries}
      columns={columns}
      label="Knowledge base entries"
      rowProps={(entry) => ({ "data-testid": "knowledge-row", "data-entry-id": entry.id, className: "align-top" })}
    />
  );
}
