import type {
  EmailChannel,
  EmailChannelCreate,
  EmailChannelList,
  EmailChannelPatch,
  OutboundMail,
  OutboundMailList,
} from "@foreman/contract";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";

// The email channel as staff manage it: the company's channels (each an inbound address the company
// forwards its own to), the outbox every mail goes through, and a test mail.

const scoped = (companyId: string) => ({ companyScoped: true as const, companyId });
const channelPath = (id: string) => `/app/email_channels/${encodeURIComponent(id)}.json`;

/** Mails a page of the outbox shows. */
export const OUTBOX_PER_PAGE = 20;

export const emailKeys = {
  channels: (companyId: string) => ["email-channels", companyId] as const,
  outbox: (companyId: string) => ["outbox", companyId] as const,
  outboxPage: (companyId: string, page: number) => ["outbox", companyId, page] as const,
};

// The integrations list (features/training) shows the email channel's state: its key, refreshed after
// a change (a channel added or switched off changes it).
const integrationsKey = (companyId: string) => ["integrations", companyId] as const;

/** `GET /app/email_channels.json`, newest first; any member reads it. */
export function emailChannelsQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: emailKeys.channels(companyId),
    queryFn: ({ signal }) => apiRequest<EmailChannelList>("/app/email_channels.json", { ...scoped(companyId), signal }),
  });
}

/** `POST /app/email_channels.json` (owners and admins): answers the channel with its inbound address. */
export async function createEmailChannel(companyId: string, input: EmailChannelCreate) {
  const { emailChannel } = await apiRequest<{ emailChannel: EmailChannel }>("/app/email_channels.json", {
    ...scoped(companyId),
    method: "POST",
    body: input,
  });
  return emailChannel;
}

/** `PATCH /app/email_channels/{id}.json` (owners and admins): any fields, `enabled` too. */
export async function updateEmailChannel(companyId: string, id: string, patch: EmailChannelPatch) {
  const { emailChannel } = await apiRequest<{ emailChannel: EmailChannel }>(channelPath(id), {
    ...scoped(companyId),
    method: "PATCH",
    body: patch,
  });
  return emailChannel;
}

export function deleteEmailChannel(companyId: string, id: string) {
  return apiRequest<void>(channelPath(id), { ...scoped(companyId), method: "DELETE" });
}

/** A change to the channels changes the integration's state too. */
export const invalidateEmailChannels = (queryClient: QueryClient, companyId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: emailKeys.channels(companyId) }),
    queryClient.invalidateQueries({ queryKey: integrationsKey(companyId) }),
  ]);

/** While a mail waits for its job (or for the SMTP server), the outbox asks again this often. */
const QUEUED_REFRESH_MS = 5000;

/** `GET /app/outbound_mails.json` (owners and admins): one page, newest first. */
export function outboxQueryOptions(companyId: string, page: number) {
  return queryOptions({
    queryKey: emailKeys.outboxPage(companyId, page),
    queryFn: ({ signal }) =>
      apiRequest<OutboundMailList>("/app/outbound_mails.json", {
        ...scoped(companyId),
        signal,
        query: { page, perPage: OUTBOX_PER_PAGE },
      }),
    // The next page keeps the last one on screen until it arrives (no flash of the skeleton).
    placeholderData: (previous) => previous,
    refetchInterval: (query) =>
      query.state.data?.outboundMails.some((mail) => mail.state === "queued") ? QUEUED_REFRESH_MS : false,
  });
}

/** `POST /app/outbound_mails/test.json` (owners and admins): answers 202 with the queued mail. */
export async function sendTestMail(companyId: string, to: string) {
  const { outboundMail } = await apiRequest<{ outboundMail: OutboundMail }>("/app/outbound_mails/test.json", {
    ...scoped(companyId),
    method: "POST",
    body: { to },
  });
  return outboundMail;
}

export const invalidateOutbox = (queryClient: QueryClient, companyId: string) =>
  queryClient.invalidateQueries({ queryKey: emailKeys.outbox(companyId) });
