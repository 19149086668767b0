import {
  type AgentRunTrace,
  type AvailableNumber,
  type AvailableNumbersQuery,
  type BuyPhoneNumber,
  type Call,
  type CallDetail,
  type CallDirection,
  type CallSettings,
  type CallStatus,
  type Calls,
  FINAL_CALL_STATUSES,
  type PhoneNumber,
  type PhoneNumbers,
  type PlaceCall,
  type UpdateCallSettings,
  type UpdatePhoneNumber,
} from "@foreman/contract";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import { isApiError } from "#web/lib/api-error.ts";

// /phones: the company's numbers, searching and buying one, its call settings, the calls with their
// transcripts, and the call interface (place, hang up, type what a test caller says).

const scoped = (companyId: string) => ({ companyScoped: true as const, companyId });
const numberPath = (id: string) => `/app/phone_numbers/${encodeURIComponent(id)}.json`;
const callPath = (id: string, suffix = ".json") => `/app/calls/${encodeURIComponent(id)}${suffix}`;

/** How often a call that has not ended is asked for again (its status, timer start, new turns). */
export const LIVE_CALL_POLL_MS = 1000;

/** Calls a page, as the list shows them. */
export const CALLS_PER_PAGE = 25;

export const phonesKeys = {
  all: (companyId: string) => ["phones", companyId] as const,
  numbers: (companyId: string) => ["phones", companyId, "numbers"] as const,
  available: (companyId: string, query: AvailableNumbersQuery) => ["phones", companyId, "available", query] as const,
  callSettings: (companyId: string) => ["phones", companyId, "call-settings"] as const,
  calls: (companyId: string) => ["phones", companyId, "calls"] as const,
  callsPage: (companyId: string, filters: CallsFilters, page: number) =>
    ["phones", companyId, "calls", "page", filters, page] as const,
  call: (companyId: string, id: string) => ["phones", companyId, "calls", "detail", id] as const,
  runs: (companyId: string, conversationId: string) => ["phones", companyId, "runs", conversationId] as const,
};

export const isFinalCallStatus = (status: CallStatus) => FINAL_CALL_STATUSES.includes(status);

// ---------------------------------------------------------------------------------------------------
// Numbers.

/** `GET /app/phone_numbers.json`: the active numbers, newest first, and the provider in use. */
export function phoneNumbersQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: phonesKeys.numbers(companyId),
    queryFn: ({ signal }) => apiRequest<PhoneNumbers>("/app/phone_numbers.json", { ...scoped(companyId), signal }),
  });
}

/** `GET /app/phone_numbers/available.json`: numbers the provider offers (asked on Search, not cached). */
export function searchAvailableNumbers(companyId: string, query: AvailableNumbersQuery, signal?: AbortSignal) {
  return apiRequest<{ availableNumbers: AvailableNumber[] }>("/app/phone_numbers/available.json", {
    ...scoped(companyId),
    signal,
    query: { countryCode: query.countryCode, areaCode: query.areaCode, contains: query.contains },
  });
}

/** `POST /app/phone_numbers.json` (owners and admins): the number, bought. */
export function buyPhoneNumber(companyId: string, input: BuyPhoneNumber) {
  return apiRequest<PhoneNumber>("/app/phone_numbers.json", { ...scoped(companyId), method: "POST", body: input });
}

/** `PATCH /app/phone_numbers/{id}.json` (owners and admins): rename or assign. */
export function updatePhoneNumber(companyId: string, id: string, input: UpdatePhoneNumber) {
  return apiRequest<PhoneNumber>(numberPath(id), { ...scoped(companyId), method: "PATCH", body: input });
}

/** `DELETE /app/phone_numbers/{id}.json` (owners and admins): released at the provider; billing stops today. */
export function releasePhoneNumber(companyId: string, id: string) {
  return apiRequest<PhoneNumber>(numberPath(id), { ...scoped(companyId), method: "DELETE" });
}

/**
 * After a number is bought, changed or released: the numbers, and what they cost (Settings → Billing,
 * another feature's key, refreshed by its name).
 */
export async function invalidateNumbers(queryClient: QueryClient, companyId: string) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: phonesKeys.numbers(companyId) }),
    queryClient.invalidateQueries({ queryKey: ["billing", companyId] }),
  ]);
}

// ---------------------------------------------------------------------------------------------------
// Call settings.

/** `GET /app/call_settings.json`. */
export function callSettingsQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: phonesKeys.callSettings(companyId),
    queryFn: ({ signal }) => apiRequest<CallSettings>("/app/call_settings.json", { ...scoped(companyId), signal }),
  });
}

/** `PATCH /app/call_settings.json` (owners and admins). */
export function updateCallSettings(companyId: string, input: UpdateCallSettings) {
  return apiRequest<CallSettings>("/app/call_settings.json", { ...scoped(companyId), method: "PATCH", body: input });
}

// ---------------------------------------------------------------------------------------------------
// Calls.

export type CallsFilters = { status?: CallStatus; direction?: CallDirection };

/** `GET /app/calls.json`: a page of calls, newest first. */
export function callsQueryOptions(companyId: string, filters: CallsFilters, page: number) {
  return queryOptions({
    queryKey: phonesKeys.callsPage(companyId, filters, page),
    queryFn: ({ signal }) =>
      apiRequest<Calls>("/app/calls.json", {
        ...scoped(companyId),
        signal,
        query: { page, perPage: CALLS_PER_PAGE, status: filters.status, direction: filters.direction },
      }),
    // A call in progress on this page: its status and duration follow it.
    refetchInterval: (query) =>
      query.state.data?.calls.some((call) => !isFinalCallStatus(call.status)) ? LIVE_CALL_POLL_MS * 3 : false,
  });
}

export const isCallNotFound = (error: unknown) => isApiError(error) && error.status === 404;

/** `GET /app/calls/{id}.json`: asked every second while the call has not ended. */
export function callQueryOptions(companyId: string, id: string) {
  return queryOptions({
    queryKey: phonesKeys.call(companyId, id),
    queryFn: ({ signal }) => apiRequest<CallDetail>(callPath(id), { ...scoped(companyId), signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status && !isFinalCallStatus(status) ? LIVE_CALL_POLL_MS : false;
    },
    retry: (count, error) => !isCallNotFound(error) && count < 3,
  });
}

/** `POST /app/calls.json`: the call, queued. */
export function placeCall(companyId: string, input: PlaceCall) {
  return apiRequest<Call>("/app/calls.json", { ...scoped(companyId), method: "POST", body: input });
}

/** `POST /app/calls/{id}/hangup.json`. */
export function hangUpCall(companyId: string, id: string) {
  return apiRequest<Call>(callPath(id, "/hangup.json"), { ...scoped(companyId), method: "POST" });
}

/** `POST /app/calls/{id}/say.json`: what the test caller says; answers with the call after the AI's reply. */
export function sayOnTestCall(companyId: string, id: string, text: string) {
  return apiRequest<CallDetail>(callPath(id, "/say.json"), { ...scoped(companyId), method: "POST", body: { text } });
}

/** The recording's audio, fetched with the session (it is behind the bearer token, not a cookie). */
export function fetchRecording(companyId: string, url: string, signal?: AbortSignal) {
  return apiRequest<Blob>(url, { ...scoped(companyId), responseType: "blob", signal });
}

/** After a call is placed or ends: the lists of calls (the detail keeps its own, fresher answer). */
export async function invalidateCalls(queryClient: QueryClient, companyId: string) {
  await queryClient.invalidateQueries({
    queryKey: phonesKeys.calls(companyId),
    predicate: (query) => query.queryKey[3] === "page",
  });
}

/**
 * `GET /app/conversations/{id}/agent_runs.json`: the AI employee's runs in the call's conversation; the
 * call detail shows those of its own turns with the shared trace view (components/agent-trace).
 */
export function conversationRunsQueryOptions(companyId: string, conversationId: string) {
  return queryOptions({
    queryKey: phonesKeys.runs(companyId, conversationId),
    queryFn: ({ signal }) =>
      apiRequest<{ runs: AgentRunTrace[] }>(
        `/app/conversations/${encodeURIComponent(conversationId)}/agent_runs.json`,
        {
          ...scoped(companyId),
          signal,
        },
      ),
  });
}
