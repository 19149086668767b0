import type {
  ActivitiesPage,
  AgentRunTrace,
  AiEmployee,
  AiEmployeeInput,
  AiEmployeePatch,
  AiEmployeesImportResult,
  DateRangeSearch,
  EmployeeOutcomes,
  PlaygroundInput,
  PlaygroundReply,
} from "@foreman/contract";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import { periodQuery } from "#web/lib/period.ts";
import { aiEmployeePath, aiEmployeesKeys, periodOnly } from "#web/lib/workforce.ts";

// The AI employees API as the screens use it: the scoreboard (who, with their outcomes), one employee,
// its outcomes and activity, the writes (hire, edit, deactivate, activate, import, export), and the
// playground (a test message through the production pipeline).

const scoped = (companyId: string) => ({ companyScoped: true as const, companyId });
const employeePath = aiEmployeePath;

export {
  aiEmployeeQueryOptions,
  aiEmployeesKeys,
  invalidateWorkforce,
  isAiEmployeeNotFound,
  workforceOutcomesQueryOptions,
} from "#web/lib/workforce.ts";

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

/** The playground's answer, with the run's steps typed (the schema describes them loosely for OpenAPI). */
export type PlaygroundAnswer = Omit<PlaygroundReply, "run"> & { run: AgentRunTrace | null };

/**
 * `POST /app/ai_employees/{id}/playground.json`: a test message, answered with the reply and its trace
 * (the server waits up to 30 s; after that `reply` and `run` are null and `pending` says where it stands).
 * Without `sessionId` the server starts a new test conversation.
 */
export function sendPlaygroundMessage(companyId: string, id: string, input: PlaygroundInput) {
  return apiRequest<PlaygroundAnswer>(employeePath(id, "/playground.json"), {
    ...scoped(companyId),
    method: "POST",
    body: input,
  });
}
