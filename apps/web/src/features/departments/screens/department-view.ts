import {
  type EmployeeOutcome,
  type OutcomeComparison,
  sumOutcomeFigures,
  type WorkforceOutcomes,
} from "@foreman/contract";

// One department's share of the workforce answer: its figures, its employees and how many are active.

export type DepartmentView = {
  currency: string;
  comparison: OutcomeComparison;
  employees: EmployeeOutcome[];
  active: number;
  total: number;
};

export function departmentView(data: WorkforceOutcomes, departmentId: string): DepartmentView {
  const employees = data.employees.filter((employee) => employee.department.id === departmentId);
  const row = data.departments.find((department) => department.id === departmentId);
  // The server's row has the true median first reply; summing employees is only the fallback.
  const comparison = row ?? {
    present: sumOutcomeFigures(employees.map((e) => e.present)),
    past: sumOutcomeFigures(employees.map((e) => e.past)),
  };
  return {
    currency: data.currency,
    comparison: { present: comparison.present, past: comparison.past },
    employees,
    active: row?.activeEmployees ?? employees.filter((e) => e.status === "active").length,
    total: row?.employees ?? employees.length,
  };
}
