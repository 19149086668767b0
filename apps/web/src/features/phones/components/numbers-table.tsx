import type { PhoneNumber } from "@foreman/contract";
import { friendlyPhoneNumber } from "@foreman/contract";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { ColumnTable } from "#web/components/tables/column-table.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { formatCents } from "#web/lib/format-cents.ts";
import { ownNumberName } from "../number-name.ts";
import { Capabilities } from "./capabilities.tsx";
import { type NumberAction, NumberRowMenu } from "./number-row-menu.tsx";

// The company's numbers: the number (its name under it), who answers it, what it can do, what it costs
// a month and its status. On a phone the answerer moves under the number and the capabilities go.

function Answerer({ number }: { number: PhoneNumber }) {
  if (!number.aiEmployee) return <span className="text-muted-foreground">Nobody: calls hear it is not in service</span>;
  return (
    <span className="min-w-0">
      <span className="block truncate">{number.aiEmployee.name}</span>
      {number.aiEmployee.departmentName ? (
        <span className="block truncate text-muted-foreground text-xs">{number.aiEmployee.departmentName}</span>
      ) : null}
    </span>
  );
}

function numberColumns(canManage: boolean, onAction: (action: NumberAction, number: PhoneNumber) => void) {
  const columns: ColumnDef<PhoneNumber>[] = [
    {
      id: "number",
      header: "Number",
      cell: ({ row }) => {
        const number = row.original;
        const name = ownNumberName(number);
        return (
          <div className="min-w-0 max-w-72">
            <p className="font-medium tabular-nums" data-testid="phone-number">
              {friendlyPhoneNumber(number.phoneNumber)}
            </p>
            {name ? (
              <p className="truncate text-muted-foreground text-xs" title={name}>
                {name}
              </p>
            ) : null}
            {number.locality ? <p className="truncate text-muted-foreground text-xs">{number.locality}</p> : null}
            <p className="mt-1 truncate text-xs md:hidden">
              {number.aiEmployee ? `Answered by ${number.aiEmployee.name}` : "Nobody answers it yet"}
            </p>
          </div>
        );
      },
      meta: { look: { head: "pl-4", cell: "pl-4" } },
    },
    {
      id: "aiEmployee",
      header: "AI employee",
      cell: ({ row }) => <Answerer number={row.original} />,
      meta: { look: { head: "hidden md:table-cell", cell: "hidden max-w-56 md:table-cell" } },
    },
    {
      id: "capabilities",
      header: "Capabilities",
      cell: ({ row }) => <Capabilities capabilities={row.original.capabilities} />,
      meta: { look: { head: "hidden lg:table-cell", cell: "hidden lg:table-cell" } },
    },
    {
      id: "monthly",
      header: "Monthly",
      cell: ({ row }) => formatCents(row.original.monthlyCostCents, row.original.currency),
      meta: { look: { head: "text-right", cell: "text-right tabular-nums" } },
    },
    {
      id: "status",
      header: "Status",
      cell: ({ row }) =>
        row.original.status === "active" ? (
          <Badge variant="success">Active</Badge>
        ) : (
          <Badge variant="muted">Released</Badge>
        ),
      meta: { look: { head: "hidden sm:table-cell", cell: "hidden sm:table-cell" } },
    },
    {
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) => <NumberRowMenu number={row.original} canManage={canManage} onAction={onAction} />,
      meta: { look: { head: "pr-4", cell: "w-10 pr-4 text-right" } },
    },
  ];
  return columns;
}

type NumbersTableProps = {
  numbers: PhoneNumber[];
  canManage: boolean;
  onAction: (action: NumberAction, number: PhoneNumber) => void;
};

export function NumbersTable({ numbers, canManage, onAction }: NumbersTableProps) {
  const columns = useMemo(() => numberColumns(canManage, onAction), [canManage, onAction]);
  return (
    <ColumnTable
      items={numbers}
      columns={columns}
      label="Phone numbers"
      rowProps={(number) => ({ "data-testid": "phone-number-row", "data-id": number.id })}
    />
  );
}
