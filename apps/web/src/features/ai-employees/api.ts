import type {
  ActivitiesPage,
  AiEmployee,
  AiEmployeeInput,
  AiEmployeePatch,
  AiEmployeesImportResult,
  DateRangeSearch,
  EmployeeOutcomes,
  WorkforceOutcomes,
} from "@foreman/contract";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { departmentsQueryKey } from "#web/features/departments/api.ts";
import { apiRequest } from "#web/lib/api-client.ts";
import { isApiError } from "#web/lib/api-error.ts";
import { periodQuery } from "#web/lib/period.ts";

// The AI employees API as the screens use it: the scoreboard (who, with their outcomes), one employee,
// its outcomes and activity, and the writes (hire, edit, deactivate, activate, import, export).

const scoped = (companyId: string) => ({ companyScoped: true as const, companyId });
const employeePath = (id: string, suffix = ".json") => `/app/ai_employees/${encodeURIComponent(id)}${suffix}`;

export const aiEmployeesKeys = {
  all: (companyId: string) => ["ai-employees", companyId] as const,
  outcomes: (companyId: string, period: DateRangeSearch, departmentId?: string) =>
    ["ai-employees", companyId, "outcomes", period, departmentId ?? null] as const,
  detail: (companyId: string, id: string) => ["ai-employees", companyId, "detail", id] as const,
  employeeOutcomes: (companyId: string, id: string, period: DateRangeSearch) =>
    ["ai-employees", companyId, "detail", id, "outcomes", period] as const,
  activity: (companyId: string, id: string) => ["ai-employees", companyId, "detail", id, "activity"] as const,
};

/** Only the period part of a route's search: other params (sort, page) must not refetch the figures. */
const periodOnly = (search: DateRangeSearch): DateRangeSearch => ({
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
    queryFn: ({ signal }) => apiRequest<AiEmployee>(employeePath(id), { ...scoped(companyId), signal }),
  });
}

export function employeeOutcomesQueryOptions(companyId: string, id: string, search: DateRangeSearch) {
  const period = periodOnly(search);
  return queryOptions({
    queryKey: aiEmployeesKeys.employeeOutcomes(companyId, id, period),
    queryFn: ({ signal }) =>
      apiRequest<EmployeeOutcomes>(employeePath(id, "/outcomes.json"), {
        ...scoped(companyId),
        signal,
        query: periodQuery(period),
      }),
  });
}

export const RECENT_ACTIVITY_COUNT = 10;

/** What happened to the employee (hired, edited, deactivated…), newest first. */
export function employeeActivityQueryOptions(companyId: string, id: string) {
  return queryOptions({
    queryKey: aiEmployeesKeys.activity(companyId, id),
    queryFn: ({ signal }) =>
      apiRequest<ActivitiesPage>("/app/activities.json", {
        ...scoped(companyId),
        signal,
        query: { subjectType: "ai_employee", subjectId: id, perPage: RECENT_ACTIVITY_COUNT },
      }),
  });
}

export function hireAiEmployee(companyId: string, input: AiEmployeeInput) {
  return apiRequest<AiEmployee>("/app/ai_employees.json", { ...scoped(companyId), method: "POST", body: input });
}

export function editAiEmployee(companyId: string, id: string, patch: AiEmployeePatch) {
  return apiRequest<AiEmployee>(employeePath(id), { ...scoped(companyId), method: "PATCH", body: patch });
}

export function setAiEmployeeActive(companyId: string, id: string, active: boolean) {
  const action = active ? "/activate.json" : "/deactivate.json";
  return apiRequest<AiEmployee>(employeePath(id, action), { ...scoped(companyId), method: "POST" });
}

/** `POST /app/ai_employees/import.json`; a 422 carries `details: [{line, column, message}]`. */
export function importAiEmployees(companyId: string, file: File) {
  const form = new FormData();
  form.append("file", file, file.name);
  return apiRequest<AiEmployeesImportResult>("/app/ai_employees/import.json", {
    ...scoped(companyId),
    method: "POST",
    body: form,
  });
}

/** The CSV export as a file (behind the bearer token, so fetched rather than linked). */
export function exportAiEmployeesCsv(companyId: string) {
  return apiRequest<Blob>("/app/ai_employees/export.csv", { ...scoped(companyId), responseType: "blob" });
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
