import type { WebsiteChat, WebsiteChatCreate, WebsiteChatPatch } from "@foreman/contract";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import { integrationsKeys } from "./integrations-api.ts";

// The company's website chats (the chat widget for its own site): list, open, change, switch off, delete.

const scoped = (companyId: string) => ({ companyScoped: true as const, companyId });
const chatPath = (id: string) => `/app/website_chats/${encodeURIComponent(id)}.json`;

export const websiteChatsKeys = {
  all: (companyId: string) => ["website-chats", companyId] as const,
};

/** `GET /app/website_chats.json`, oldest first; any member reads it. */
export function websiteChatsQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: websiteChatsKeys.all(companyId),
    queryFn: ({ signal }) =>
      apiRequest<{ websiteChats: WebsiteChat[] }>("/app/website_chats.json", { ...scoped(companyId), signal }),
  });
}

/** `POST /app/website_chats.json` (owners and admins): answers the chat with its key and snippet. */
export async function createWebsiteChat(companyId: string, input: WebsiteChatCreate) {
  const { websiteChat } = await apiRequest<{ websiteChat: WebsiteChat }>("/app/website_chats.json", {
    ...scoped(companyId),
    method: "POST",
    body: input,
  });
  return websiteChat;
}

/** `PATCH /app/website_chats/{id}.json` (owners and admins): any fields, `enabled` too. */
export async function updateWebsiteChat(companyId: string, id: string, patch: WebsiteChatPatch) {
  const { websiteChat } = await apiRequest<{ websiteChat: WebsiteChat }>(chatPath(id), {
    ...scoped(companyId),
    method: "PATCH",
    body: patch,
  });
  return websiteChat;
}

export function deleteWebsiteChat(companyId: string, id: string) {
  return apiRequest<void>(chatPath(id), { ...scoped(companyId), method: "DELETE" });
}

/** A change to the chats changes the integration's state too. */
export const invalidateWebsiteChats = (queryClient: QueryClient, companyId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: websiteChatsKeys.all(companyId) }),
    queryClient.invalidateQueries({ queryKey: integrationsKeys.all(companyId) }),
  ]);
