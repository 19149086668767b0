import type { WhatsappTemplateList } from "@foreman/contract";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";

// The company's WhatsApp templates: the training centre manages them, a conversation sends them. One key
// for the one endpoint, so a change made in one place is seen in the other.

export const whatsappTemplatesQueryKey = (companyId: string) => ["whatsapp", companyId, "templates"] as const;

/** `GET /app/whatsapp/templates.json`: every template, when they were last synced, and whether they can be submitted. */
export function whatsappTemplatesQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: whatsappTemplatesQueryKey(companyId),
    queryFn: ({ signal }) =>
      apiRequest<WhatsappTemplateList>("/app/whatsapp/templates.json", { companyScoped: true, companyId, signal }),
  });
}
