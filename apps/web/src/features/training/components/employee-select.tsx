import { cn } from "#web/lib/utils.ts";
import type { EmployeeName } from "../api.ts";

/** Native selects, dressed like the inputs. */
export const SELECT_CLASS =
  "h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 disabled:opacity-50 dark:bg-input/20";

type EmployeeSelectProps = {
  id: string;
  value: string;
  onChange: (id: string) => void;
  employees: readonly EmployeeName[];
  /** The choice meaning "no one in particular" ("All AI employees", "Any AI employee"). */
  anyLabel: string;
  disabled?: boolean;
  className?: string;
};

/** One AI employee, or all of them (""). */
export function EmployeeSelect({ id, value, onChange, employees, anyLabel, disabled, className }: EmployeeSelectProps) {
  return (
    <select
      id={id}
      className={cn(SELECT_CLASS, className)}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{anyLabel}</option>
      {employees.map((employee) => (
        <option key={employee.id} value={employee.id}>
          {employee.active ? employee.name : `${employee.name} (inactive)`}
        </option>
      ))}
    </select>
  );
}
