import type { Me } from "@foreman/contract";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "./api-client.ts";
import { shellDataConfig } from "./config.ts";

// The signed-in user with their companies (`GET /app/me.json`): the shell reads it, and every screen that
// changes the user or a company (profile, two-factor, logo, team, settings) refreshes it under this key.

export const meQueryKey = ["me"] as const;

/**
 * `GET /app/me.json`: the user with `company` and `managedCompanies`. The server answers through the
 * contract's `meSchema`; the browser does not parse it again, which keeps zod out of the shell bundle.
 */
export function fetchMe(signal?: AbortSignal): Promise<Me> {
  return apiRequest<Me>("/app/me.json", { signal });
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: shellDataConfig.staleTimeMs,
  });
}
