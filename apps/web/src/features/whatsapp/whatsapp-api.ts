import type {
  WhatsappAssigneeInput,
  WhatsappOnboardInput,
  WhatsappStatus,
  WhatsappTemplate,
  WhatsappTemplateInput,
  WhatsappTemplateList,
} from "@foreman/contract";
import { type QueryClient, queryOptions, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import { describeError, isApiError } from "#web/lib/api-error.ts";
import { useLiveEvents } from "#web/lib/live-events.ts";
import { whatsappTemplatesQueryKey } from "#web/lib/whatsapp-templates.ts";

// WhatsApp as the training centre's integrations tab uses it: the connection made by Meta's embedded
// signup (status, onboard, disconnect, who answers) and the message templates. Writes are for owners
// and admins; the server answers a member 403.

const scoped = (companyId: string) => ({ companyScoped: true as const, companyId });
const SIGNUP_PATH = "/app/whatsapp/embedded_signup/integrations";
const templatePath = (id: string) => `/app/whatsapp/templates/${encodeURIComponent(id)}.json`;

export const whatsappKeys = {
  all: (companyId: string) => ["whatsapp", companyId] as const,
  status: (companyId: string) => ["whatsapp", companyId, "status"] as const,
  templates: whatsappTemplatesQueryKey,
};

// The integrations list (features/training) shows WhatsApp's state too: its key, refreshed after a change.
const integrationsKey = (companyId: string) => ["integrations", companyId] as const;

/**
 * `GET …/status.json`. As the spec says, a failed status call is logged and treated as null (no
 * integration): the card then says WhatsApp is unavailable and offers a retry.
 */
export function whatsappStatusQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: whatsappKeys.status(companyId),
    queryFn: async ({ signal }): Promise<WhatsappStatus | null> => {
      try {
        return await apiRequest<WhatsappStatus>(`${SIGNUP_PATH}/status.json`, { ...scoped(companyId), signal });
      } catch (error) {
        if (signal.aborted) throw error;
        console.error("The WhatsApp integration status could not be loaded", error);
        return null;
      }
    },
  });
}

/** `POST …/onboard.json`: the signup's code and ids; the server runs the onboarding steps and answers the status. */
export function onboardWhatsapp(companyId: string, input: WhatsappOnboardInput) {
  return apiRequest<WhatsappStatus>(`${SIGNUP_PATH}/onboard.json`, {
    ...scoped(companyId),
    method: "POST",
    body: input,
  });
}

/** `POST …/disconnect.json`: conversations stay; new messages stop arriving until the number is connected again. */
export function disconnectWhatsapp(companyId: string) {
  return apiRequest<WhatsappStatus>(`${SIGNUP_PATH}/disconnect.json`, { ...scoped(companyId), method: "POST" });
}

/** `PUT /app/whatsapp/assignee.json`: an AI employee, a department, or no one (both null). */
export function setWhatsappAssignee(companyId: string, input: WhatsappAssigneeInput) {
  return apiRequest<WhatsappStatus>("/app/whatsapp/assignee.json", {
    ...scoped(companyId),
    method: "PUT",
    body: input,
  });
}

/** `submit: true` sends it to Meta for review (needs a connected number); false keeps it a draft. */
export function createWhatsappTemplate(companyId: string, input: WhatsappTemplateInput) {
  return apiRequest<WhatsappTemplate>("/app/whatsapp/templates.json", {
    ...scoped(companyId),
    method: "POST",
    body: input,
  });
}

export function updateWhatsappTemplate(companyId: string, id: string, input: WhatsappTemplateInput) {
  return apiRequest<WhatsappTemplate>(templatePath(id), { ...scoped(companyId), method: "PATCH", body: input });
}

export function deleteWhatsappTemplate(companyId: string, id: string) {
  return apiRequest<void>(templatePath(id), { ...scoped(companyId), method: "DELETE" });
}

/** `POST /app/whatsapp/templates/sync.json`: reads the WhatsApp Business Account's templates and their review. */
export function syncWhatsappTemplates(companyId: string) {
  return apiRequest<WhatsappTemplateList>("/app/whatsapp/templates/sync.json", {
    ...scoped(companyId),
    method: "POST",
  });
}

export const invalidateWhatsappTemplates = (queryClient: QueryClient, companyId: string) =>
  queryClient.invalidateQueries({ queryKey: whatsappKeys.templates(companyId) });

/** After the connection changed: its status (when the answer did not carry it), the templates and the list's state. */
export async function invalidateWhatsapp(queryClient: QueryClient, companyId: string, status?: WhatsappStatus) {
  if (status) queryClient.setQueryData(whatsappKeys.status(companyId), status);
  await Promise.all([
    status ? null : queryClient.invalidateQueries({ queryKey: whatsappKeys.status(companyId) }),
    invalidateWhatsappTemplates(queryClient, companyId),
    queryClient.invalidateQueries({ queryKey: integrationsKey(companyId) }),
  ]);
}

/** What a refusal says: the server's description, or its `message` (Meta's reason), or a general sentence. */
export function describeWhatsappError(error: unknown): string {
  if (isApiError(error) && error.status < 500 && !error.body.errorDescription) {
    const { message } = error.body;
    if (typeof message === "string" && message.trim()) return message;
  }
  return describeError(error);
}

export const isApiErrorCode = (error: unknown, code: string) => isApiError(error) && error.body.error === code;

/** What a screen shows of WhatsApp, refreshed by the live events: the connection, or the templates. */
export type WhatsappPart = "status" | "templates";

/**
 * Keeps `part` current from the live stream: each `whatsapp.updated` (an onboarding step, a disconnect,
 * a sync, Meta's review of a template) refetches it; so does a break in the stream. The card and the
 * templates each listen for their own part, so one event fetches each once.
 */
export function useLiveWhatsapp(companyId: string, part: WhatsappPart) {
  const queryClient = useQueryClient();
  const refresh = () => {
    if (part === "templates") {
      void invalidateWhatsappTemplates(queryClient, companyId);
      return;
    }
    void queryClient.invalidateQueries({ queryKey: whatsappKeys.status(companyId) });
    void queryClient.invalidateQueries({ queryKey: integrationsKey(companyId) });
  };
  useLiveEvents(
    (event) => {
      if (event.type === "whatsapp.updated") refresh();
    },
    { onReconnect: refresh },
  );
}
