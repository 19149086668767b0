import type { AiEmployee, AiEmployeesPage, DateRangeSearch, WorkforceOutcomes } from "@foreman/contract";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { apiRequest } from "./api-client.ts";
import { isApiError } from "./api-error.ts";
import { departmentsQueryKey } from "./departments.ts";
import { periodQuery } from "./period.ts";

// The workforce's shared reads: the scoreboard (every employee with its outcomes), one employee, and
// what to refresh after a change. Shared by the AI employees screens, the department screens and the
// lists filtered by one employee, so it lives below the features.

const scoped = (companyId: string) => ({ companyScoped: true as const, companyId });
export const aiEmployeePath = (id: string, suffix = ".json") => `/app/ai_employees/${encodeURIComponent(id)}${suffix}`;

export const aiEmployeesKeys = {
  all: (companyId: string) => ["ai-employees", companyId] as const,
  outcomes: (companyId: string, period: DateRangeSearch, departmentId?: string) =>
    ["ai-employees", companyId, "outcomes", period, departmentId ?? null] as const,
  detail: (companyId: string, id: string) => ["ai-employees", companyId, "detail", id] as const,
  employeeOutcomes: (companyId: string, id: string, period: DateRangeSearch) =>
    ["ai-employees", companyId, "detail", id, "outcomes", period] as const,
  activity: (companyId: string, id: string) => ["ai-employees", companyId, "detail", id, "activity"] as const,
  // Under the workforce's key, so hiring or renaming an employee refreshes the names shown elsewhere.
  names: (companyId: string) => ["ai-employees", companyId, "names"] as const,
};

/** Only the period part of a route's search: other params (sort, page) must not refetch the figures. */
export const periodOnly = (search: DateRangeSearch): DateRangeSearch => ({
  timeFrame: search.timeFrame,
  "q[created_at_gteq]": search["q[created_at_gteq]"],
  "q[created_at_lteq]": search["q[created_at_lteq]"],
});

/** `GET /app/ai_employees/outcomes.json`: every employee (or one department's) and department, with figures. */
export function workforceOutcomesQueryOptions(companyId: string, search: DateRangeSearch, departmentId?: string) {
  const period = periodOnly(search);
  return queryOptions({
    queryKey: aiEmployeesKeys.outcomes(companyId, period, departmentId),
    queryFn: ({ signal }) =>
      apiRequest<WorkforceOutcomes>("/app/ai_employees/outcomes.json", {
        ...scoped(companyId),
        signal,
        query: { ...periodQuery(period), departmentId },
      }),
  });
}

/** Missing, malformed or another company's: the server answers the same 404. */
export const isAiEmployeeNotFound = (error: unknown) => isApiError(error) && error.status === 404;

export function aiEmployeeQueryOptions(companyId: string, id: string) {
  return queryOptions({
    queryKey: aiEmployeesKeys.detail(companyId, id),
    queryFn: ({ signal }) => apiRequest<AiEmployee>(aiEmployeePath(id), { ...scoped(companyId), signal }),
  });
}

/**
 * After any change to the workforce: the scoreboards, the employee pages and the rail's departments
 * (a department's dot follows whether it has an active employee).
 */
export async function invalidateWorkforce(queryClient: QueryClient, companyId: string) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: aiEmployeesKeys.all(companyId) }),
    queryClient.invalidateQueries({ queryKey: departmentsQueryKey(companyId) }),
    queryClient.invalidateQueries({ queryKey: ["department-work", companyId] }),
  ]);
}

export type EmployeeName = { id: string; name: string; active: boolean; departmentName: string };

/**
 * Every AI employee's name (the first 100, by name), for the screens that name or pick one: whom a
 * knowledge entry is for, who has a skill, who answers the WhatsApp number.
 */
export function employeeNamesQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: aiEmployeesKeys.names(companyId),
    queryFn: async ({ signal }): Promise<EmployeeName[]> => {
      const page = await apiRequest<AiEmployeesPage>("/app/ai_employees.json", {
        ...scoped(companyId),
        signal,
        query: { perPage: 100 },
      });
      return page.aiEmployees.map((employee) => ({
        id: employee.id,
        name: employee.name,
        active: employee.status === "active",
        departmentName: employee.department.name,
      }));
    },
    staleTime: 60_000,
  });
}
