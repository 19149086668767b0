import type { Department } from "@foreman/contract";
import type { ComponentProps } from "react";
import { SELECT_CLASS } from "#web/components/ui/form-field.tsx";
import { cn } from "#web/lib/utils.ts";
import type { EmployeeName } from "#web/lib/workforce.ts";

// Who answers a channel (a website chat, an email address): one AI employee, or a department whose
// first active AI employee answers. The value is "employee:<id>", "department:<id>" or "" (no choice).

/** The select's value for a channel's current answerer. */
export function answeredByValue(
  aiEmployee: { id: string } | null | undefined,
  department: { id: string } | null | undefined,
): string {
  if (aiEmployee) return `employee:${aiEmployee.id}`;
  if (department) return `department:${department.id}`;
  return "";
}

/** The ids the API takes for a value, or null when nothing was chosen. */
export function parseAnsweredBy(value: string): { aiEmployeeId: string | null; departmentId: string | null } | null {
  const [kind, id] = value.split(":");
  if (!id) return null;
  if (kind === "employee") return { aiEmployeeId: id, departmentId: null };
  if (kind === "department") return { aiEmployeeId: null, departmentId: id };
  return null;
}

type AnsweredBySelectProps = Omit<ComponentProps<"select">, "value" | "onChange" | "children"> & {
  value: string;
  onValueChange: (value: string) => void;
  employees: readonly EmployeeName[];
  /** Real departments only (not the rail's placeholders). */
  departments: readonly Department[];
};

/** Active AI employees (an inactive one only while it is the current choice), then the departments. */
export function AnsweredBySelect({
  value,
  onValueChange,
  employees,
  departments,
  className,
  ...control
}: AnsweredBySelectProps) {
  const choosable = employees.filter((employee) => employee.active || value === `employee:${employee.id}`);
  return (
    <select
      {...control}
      className={cn(SELECT_CLASS, className)}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
    >
      <option value="">Choose who answers…</option>
      {choosable.length > 0 ? (
        <optgroup label="AI employees">
          {choosable.map((employee) => (
            <option key={employee.id} value={`employee:${employee.id}`}>
              {employee.active ? employee.name : `${employee.name} (inactive)`}
            </option>
          ))}
        </optgroup>
      ) : null}
      {departments.length > 0 ? (
        <optgroup label="Departments (its first active AI employee answers)">
          {departments.map((department) => (
            <option key={department.id} value={`department:${department.id}`}>
              {department.name}
            </option>
          ))}
        </optgroup>
      ) : null}
    </select>
  );
}
