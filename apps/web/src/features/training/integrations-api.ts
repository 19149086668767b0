import type { ConnectionTest, IntegrationList } from "@foreman/contract";
import { mutationOptions, queryOptions } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";

// The training centre's integrations: their states (read by the server from its configuration and the
// company's records) and the AI model's connection test.

const scoped = (companyId: string) => ({ companyScoped: true as const, companyId });

export const integrationsKeys = {
  all: (companyId: string) => ["integrations", companyId] as const,
  modelProviderTest: (companyId: string) => ["integrations", companyId, "model_provider", "test"] as const,
};

/** `GET /app/integrations.json`: every integration in the order staff see them, each with its state. */
export function integrationsQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: integrationsKeys.all(companyId),
    queryFn: ({ signal }) => apiRequest<IntegrationList>("/app/integrations.json", { ...scoped(companyId), signal }),
  });
}

/** `POST /app/integrations/model_provider/test.json` (owners and admins): a provider failure is `ok: false`. */
export function testModelProvider(companyId: string) {
  return apiRequest<ConnectionTest>("/app/integrations/model_provider/test.json", {
    ...scoped(companyId),
    method: "POST",
  });
}

export function testModelProviderMutationOptions(companyId: string) {
  return mutationOptions({
    mutationKey: integrationsKeys.modelProviderTest(companyId),
    mutationFn: () => testModelProvider(companyId),
  });
}
