import type { GettingStarted } from "@foreman/contract";
import { apiRequest } from "#web/lib/api-client.ts";

// The checklist card's actions (loaded with the card, see checklist-query.ts).

/** `POST /app/getting_started/dismiss.json` (owners and admins): hides it for the whole company. */
export function dismissGettingStarted(companyId: string) {
  return apiRequest<GettingStarted>("/app/getting_started/dismiss.json", {
    method: "POST",
    companyScoped: true,
    companyId,
  });
}

/** The first active AI employee, whose profile has "Try it" (null when none is hired). */
export async function fetchFirstAiEmployeeId(companyId: string, signal?: AbortSignal): Promise<string | null> {
  const page = await apiRequest<{ aiEmployees: { id: string }[] }>("/app/ai_employees.json", {
    companyScoped: true,
    companyId,
    query: { status: "active", perPage: 1 },
    signal,
  });
  return page.aiEmployees[0]?.id ?? null;
}
