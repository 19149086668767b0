import type { GettingStarted } from "@foreman/contract";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";

// The dashboard's question "is there anything left to do?", alone in its module so the dashboard's own
// chunk carries nothing else of the checklist (its card and actions load only when it shows). The card
// refetches whenever the dashboard regains focus (a step done in another tab shows at once).

export const gettingStartedKey = (companyId: string) => ["getting-started", companyId] as const;

/** `GET /app/getting_started.json`. */
export function gettingStartedQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: gettingStartedKey(companyId),
    queryFn: ({ signal }) =>
      apiRequest<GettingStarted>("/app/getting_started.json", { companyScoped: true, companyId, signal }),
  });
}
