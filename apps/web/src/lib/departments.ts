import { type Department, FALLBACK_DEPARTMENTS, withPlaceholderDepartments } from "@foreman/contract";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import { describeError, isExplainedElsewhere, isUnauthorized } from "#web/lib/api-error.ts";
import { shellDataConfig } from "#web/lib/config.ts";
import { toast } from "#web/lib/toast-store.ts";

// The company's AI departments for the rail.

export const departmentsQueryKey = (companyId: string) => ["departments", companyId] as const;

/** The rail's order: sort order, then name. */
export function orderDepartments(departments: readonly Department[]): Department[] {
  return [...departments].sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name));
}

/**
 * `GET /app/ai_departments.json` (scoped), with a placeholder for every kind the company lacks. The
 * server answers through the contract's schema; the shell does not bundle zod to parse it again.
 */
export async function fetchDepartments(companyId: string, signal?: AbortSignal): Promise<Department[]> {
  const list = await apiRequest<Department[]>("/app/ai_departments.json", { companyScoped: true, companyId, signal });
  if (!Array.isArray(list)) throw new Error("The departments answer is not a list");
  return orderDepartments(withPlaceholderDepartments(list));
}

/**
 * A failed load is reported and the built-in fallback list is shown instead, so the
 * shell still works. Only a 401 is passed on: the browser is on its way to the sign-in page.
 */
export function departmentsQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: departmentsQueryKey(companyId),
    staleTime: shellDataConfig.staleTimeMs,
    queryFn: async ({ signal }) => {
      try {
        return await fetchDepartments(companyId, signal);
      } catch (error) {
        if (isUnauthorized(error) || signal.aborted) throw error;
        if (!isExplainedElsewhere(error))
          toast({
            title: "Couldn't load your AI departments",
            description: `Showing the default departments. ${describeError(error)}`,
            variant: "destructive",
          });
        return orderDepartments(FALLBACK_DEPARTMENTS);
      }
    },
  });
}
