import type { ComponentProps } from "react";
import { SELECT_CLASS } from "#web/components/ui/form-field.tsx";
import { cn } from "#web/lib/utils.ts";
import type { EmployeeName } from "#web/lib/workforce.ts";

type EmployeeSelectProps = Omit<ComponentProps<"select">, "value" | "onChange" | "children"> & {
  /** An employee's id, or "" for the empty choice. */
  value: string;
  onValueChange: (value: string) => void;
  employees: readonly EmployeeName[];
  /** The words of the empty choice ("Nobody yet", "The number's AI employee"). */
  emptyLabel: string;
};

/** Active AI employees with their department (an inactive one only while it is the current choice). */
export function EmployeeSelect({
  value,
  onValueChange,
  employees,
  emptyLabel,
  className,
  ...control
}: EmployeeSelectProps) {
  const choosable = employees.filter((employee) => employee.active || employee.id === value);
  return (
    <select
      {...control}
      className={cn(SELECT_CLASS, className)}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
    >
      <option value="">{emptyLabel}</option>
      {choosable.map((employee) => (
        <option key={employee.id} value={employee.id}>
          {employee.name} · {employee.departmentName}
          {employee.active ? "" : " (inactive)"}
        </option>
      ))}
    </select>
  );
}
