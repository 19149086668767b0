import type { DepartmentKind, EmployeeOutcome } from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { KIND_SCREENS } from "./kinds.ts";
import { ROW_LINK_CLASS, WorkCard, WorkEmpty } from "./work-card.tsx";
import { figureColumn, type WorkColumn, WorkTable } from "./work-table.tsx";

type DepartmentEmployeesProps = {
  kind: DepartmentKind;
  employees: readonly EmployeeOutcome[];
  currency: string;
};

/** The department's AI employees with the few figures that matter for its kind. */
export function DepartmentEmployees({ kind, employees, currency }: DepartmentEmployeesProps) {
  const columns: readonly WorkColumn<EmployeeOutcome>[] = [
    {
      head: "Name",
      className: "max-w-56 truncate",
      cell: (employee) => (
        <Link to="/ai_employees/$aiEmployeeId" params={{ aiEmployeeId: employee.id }} className={ROW_LINK_CLASS}>
          {employee.name}
        </Link>
      ),
    },
    {
      head: "Role",
      className: "max-w-48 truncate text-muted-foreground",
      title: (employee) => employee.role,
      cell: (employee) => employee.role,
    },
    {
      head: "Status",
      cell: (employee) => (
        <Badge variant={employee.status === "active" ? "success" : "muted"}>
          {employee.status === "active" ? "Active" : "Inactive"}
        </Badge>
      ),
    },
    ...KIND_SCREENS[kind].employeeKeys.map((key) => figureColumn<EmployeeOutcome>(key, currency)),
  ];
  return (
    <WorkCard title="AI employees" total={employees.length} testId="department-employees">
      <WorkTable
        rows={employees}
        columns={columns}
        rowTestId="employee-row"
        empty={
          <div className="flex flex-wrap items-center gap-3 px-4 pt-2 pb-4">
            <WorkEmpty className="p-0">No AI employees in this department yet</WorkEmpty>
            <Button asChild variant="outline" size="sm">
              <Link to="/ai_employees">Go to AI employees</Link>
            </Button>
          </div>
        }
      />
    </WorkCard>
  );
}
