import { camelizeKeys, type TicketDetail } from "@foreman/contract";
import type { InjectOptions } from "fastify";
import type { Executor } from "#server/db/client.ts";
import { changeTicket, type NewTicket, openTicket } from "#server/modules/tickets/index.ts";
import type { CompanyWorld, TasksWorld } from "./tasks-setup.ts";

// Test support for the tickets endpoints: tickets written through the module's writer (so numbers,
// links and the activity log are as the product makes them), and the calls the tests make.

const HOUR = 3_600_000;

/** A ticket of the company's world: its customer, conversation and order, opened by its AI employee. */
export async function insertTicket(
  db: Executor,
  w: CompanyWorld,
  values: Partial<Omit<NewTicket, "companyId">> & { closed?: boolean } = {},
) {
  const { closed, ...rest } = values;
  const ticket = await openTicket(db, {
    companyId: w.companyId,
    actor: { type: "ai_employee", id: w.aiEmployee.id, name: w.aiEmployee.name },
    subject: "My order arrived damaged",
    description: "Two pallets were broken on arrival.",
    priority: "medium",
    type: "incident",
    source: "whatsapp",
    customerId: w.customer.id,
    conversationId: w.conversation.id,
    orderId: w.quote.id,
    aiEmployeeId: w.aiEmployee.id,
    responsible: null,
    tags: [],
    at: new Date(Date.now() - HOUR),
    ...rest,
  });
  if (!closed) return ticket;
  return changeTicket(
    db,
    { companyId: w.companyId, ticketId: ticket.id, actor: { type: "system" }, at: rest.at },
    { kind: "close" },
  );
}

/** The tickets API as one company's caller (its owner by default) sees it, answers camelCased. */
export function ticketsApi(w: TasksWorld, caller: CompanyWorld = w.a, headers = caller.headers) {
  const call = (method: InjectOptions["method"], url: string, payload?: unknown) =>
    w.t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    call,
    list: (query = "") => call("GET", `/app/tickets.json${query ? `?${query}` : ""}`),
    create: (payload: Record<string, unknown>) => call("POST", "/app/tickets.json", payload),
    get: (id: string) => call("GET", `/app/tickets/${id}.json`),
    update: (id: string, payload: Record<string, unknown>) => call("PATCH", `/app/tickets/${id}.json`, payload),
    remove: (id: string) => call("DELETE", `/app/tickets/${id}.json`),
    close: (id: string, payload: Record<string, unknown> = {}) =>
      call("POST", `/app/tickets/${id}/close.json`, payload),
    reopen: (id: string, payload: Record<string, unknown> = {}) =>
      call("POST", `/app/tickets/${id}/reopen.json`, payload),
    assign: (id: string, responsible: { kind: string; id: string } | null) =>
      call("POST", `/app/tickets/${id}/assign.json`, { responsible }),
    comment: (id: string, payload: Record<string, unknown>) =>
      call("POST", `/app/tickets/${id}/comments.json`, payload),
    activities: (id: string) => call("GET", `/app/tickets/${id}/activities.json`),
    follow: (id: string, userId: string) => call("POST", `/app/tickets/${id}/followers.json`, { user_id: userId }),
    unfollow: (id: string, userId: string) => call("DELETE", `/app/tickets/${id}/followers/${userId}.json`),
    exportCsv: (query = "") => call("GET", `/app/tickets/export.csv${query ? `?${query}` : ""}`),
    clients: (q?: string) =>
      call("GET", `/app/tickets/clients.json${q === undefined ? "" : `?q=${encodeURIComponent(q)}`}`),
  };
}

/** A ticket answer as code reads it. */
export const detailOf = (body: unknown) => camelizeKeys<TicketDetail>(body);
