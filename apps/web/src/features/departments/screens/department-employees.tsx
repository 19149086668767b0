import type { DepartmentKind, EmployeeOutcome } from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { KIND_SCREENS } from "./kinds.ts";
import { ROW_LINK_CLASS, WorkCard, WorkEmpty } from "./work-card.tsx";
import { outcomeDefinition } from "./workforce.ts";

type DepartmentEmployeesProps = {
  kind: DepartmentKind;
  employees: readonly EmployeeOutcome[];
  currency: string;
};

/** The department's AI employees with the few figures that matter for its kind. */
export function DepartmentEmployees({ kind, employees, currency }: DepartmentEmployeesProps) {
  const keys = KIND_SCREENS[kind].employeeKeys;
  return (
    <WorkCard title="AI employees" total={employees.length} testId="department-employees">
      {employees.length === 0 ? (
        <div className="flex flex-wrap items-center gap-3 px-4 pt-2 pb-4">
          <WorkEmpty className="p-0">No AI employees in this department yet</WorkEmpty>
          <Button asChild variant="outline" size="sm">
            <Link to="/ai_employees">Go to AI employees</Link>
          </Button>
        </div>
      ) : (
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="pl-4">Name</TableHead>
              <TableHead>Role</TableHead>
              <TableHead>Status</TableHead>
              {keys.map((key) => (
                <TableHead key={key} className="text-right last:pr-4">
                  {outcomeDefinition(key).label}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {employees.map((employee) => (
              <TableRow key={employee.id} data-testid="employee-row">
                <TableCell className="max-w-56 truncate pl-4">
                  <Link
                    to="/ai_employees/$aiEmployeeId"
                    params={{ aiEmployeeId: employee.id }}
                    className={ROW_LINK_CLASS}
                  >
                    {employee.name}
                  </Link>
                </TableCell>
                <TableCell className="max-w-48 truncate text-muted-foreground" title={employee.role}>
                  {employee.role}
                </TableCell>
                <TableCell>
                  <Badge variant={employee.status === "active" ? "success" : "muted"}>
                    {employee.status === "active" ? "Active" : "Inactive"}
                  </Badge>
                </TableCell>
                {keys.map((key) => {
                  const definition = outcomeDefinition(key);
                  return (
                    <TableCell key={key} className="text-right tabular-nums last:pr-4" data-figure={key}>
                      {definition.format(definition.value(employee.present), currency)}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </WorkCard>
  );
}
