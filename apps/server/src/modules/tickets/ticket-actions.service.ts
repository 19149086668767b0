import {
  type AssignTicket,
  type CompanyRole,
  type CreateTicket,
  canManage,
  type ResponsibleInput,
  TICKET_DEFAULTS,
  type TicketComment,
  type TicketDetail,
  ticketDisplayId,
  ticketSourceOfChannel,
  type UpdateTicket,
} from "@foreman/contract";
import { and, eq } from "drizzle-orm";
import type { Config } from "#server/config.ts";
import type { Db, Executor } from "#server/db/client.ts";
import { conversations, customers, type Ticket, ticketFollowers } from "#server/db/schema/index.ts";
import { httpError } from "#server/lib/http-error.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { staffActor } from "../activities/index.ts";
import { type OutboundChannels, postStaffMessage } from "../conversations/index.ts";
import type { EventBus } from "../events/index.ts";
import type { JobQueue } from "../jobs/index.ts";
import { notify } from "../notifications/index.ts";
import { mailFollowers } from "./follower-mail.ts";
import { findTicketRow } from "./ticket-detail.repository.ts";
import { linkRefused } from "./ticket-links.ts";
import {
  changeTicket,
  lockTicket,
  openTicket,
  removeTicket,
  type TicketChange,
  ticketNotFound,
} from "./ticket-writes.ts";
import { getTicket } from "./tickets.service.ts";

// Staff's writes on tickets: the role each needs, the writer's change in one transaction with the
// followers' mail, then the live event once it has committed.

export type TicketDeps = {
  db: Db;
  events: EventBus;
  queue: JobQueue;
  outbound: OutboundChannels;
  config: Pick<Config, "appUrl" | "mail" | "notifications">;
};
/** Who asks: the company the scope resolved, their role in it and their user id. */
export type TicketCaller = { companyId: string; role: CompanyRole; userId: string };

export const ASSIGN_OTHERS_REQUIRED =
  "Only an owner or an admin can assign a ticket to someone else: members may take a ticket or give back their own";

/**
 * Members take tickets themselves (assign to self) or give back their own (unassign when it is
 * theirs); assigning anyone else takes an owner or admin.
 */
function checkAssign(caller: TicketCaller, current: Ticket | null, responsible: ResponsibleInput | null) {
  if (canManage(caller.role)) return;
  const takesIt = responsible?.kind === "user" && responsible.id === caller.userId;
  const givesBackOwn = responsible === null && current?.assigneeUserId === caller.userId;
  if (!takesIt && !givesBackOwn) throw httpError(403, "forbidden", ASSIGN_OTHERS_REQUIRED);
}

/** The staff member the ticket is given to hears of it by mail (modules/notifications), unless they took it. */
async function tellAssignee(tx: Executor, deps: TicketDeps, ticket: Ticket, callerId: string) {
  if (!ticket.assigneeUserId || ticket.assigneeUserId === callerId) return;
  await notify(tx, deps, {
    companyId: ticket.companyId,
    to: [ticket.assigneeUserId],
    kind: "ticket_assigned",
    subjectId: ticket.id,
    summary: `${ticketDisplayId(ticket.number)} ${ticket.subject}`,
    link: `/support?ticket=${ticket.id}`,
  });
}

/** Tells the company's open screens the ticket changed (after the commit: the event is never rolled back). */
function announce(events: EventBus, ticket: Ticket) {
  return events.publish(ticket.companyId, { type: "ticket.updated", ticketId: ticket.id, status: ticket.status });
}

/**
 * Applies one change as the caller, with the followers' mail in the same transaction, and answers the
 * ticket as its preview shows it. `check` sees the locked ticket before anything changes.
 */
async function applyChange(
  deps: TicketDeps,
  caller: TicketCaller,
  ticketId: string,
  change: TicketChange,
  check?: (tx: Executor, ticket: Ticket) => void | Promise<void>,
): Promise<TicketDetail> {
  const { companyId } = caller;
  await deps.queue.prepare();
  const ticket = await deps.db.transaction(async (tx) => {
    if (check) await check(tx, await lockTicket(tx, companyId, ticketId));
    const actor = await staffActor(tx, caller.userId);
    const changed = await changeTicket(tx, { companyId, ticketId, actor }, change);
    await mailFollowers(tx, deps, changed, actor, change);
    if (change.kind === "assign") await tellAssignee(tx, deps, changed, caller.userId);
    return changed;
  });
  deps.queue.wake();
  await announce(deps.events, ticket);
  return getTicket(deps.db, companyId, ticket.id);
}

/** What a conversation gives a ticket opened from it: its client, channel and AI employee. */
async function conversationFacts(tx: Executor, companyId: string, conversationId: string) {
  const [row] = await tx
    .select({
      customerId: conversations.customerId,
      channel: conversations.channel,
      aiEmployeeId: conversations.aiEmployeeId,
    })
    .from(conversations)
    .where(and(eq(conversations.companyId, companyId), eq(conversations.id, conversationId)))
    .limit(1);
  if (!row) throw linkRefused([{ field: "conversationId", message: "Not a conversation of this company" }]);
  return row;
}

/** A client typed into the form: a new customer of the company. */
async function insertClient(tx: Executor, companyId: string, client: NonNullable<CreateTicket["client"]>) {
  const [row] = await tx
    .insert(customers)
    .values({
      companyId,
      fullName: client.fullName,
      email: client.email || null,
      phone: client.phone || null,
      organization: client.organization || null,
    })
    .returning({ id: customers.id });
  return row!.id;
}

/**
 * Opens a ticket for a picked client, a typed one (a new customer) or a conversation's; a conversation
 * also gives its channel as the source and its AI employee, unless the body says otherwise.
 */
export async function createTicket(deps: TicketDeps, caller: TicketCaller, body: CreateTicket): Promise<TicketDetail> {
  const { companyId } = caller;
  if (body.responsible) checkAssign(caller, null, body.responsible);
  await deps.queue.prepare();
  const ticket = await deps.db.transaction(async (tx) => {
    const conversation = body.conversationId ? await conversationFacts(tx, companyId, body.conversationId) : null;
    const customerId =
      body.customerId ??
      (body.client ? await insertClient(tx, companyId, body.client) : (conversation?.customerId ?? null));
    const opened = await openTicket(tx, {
      companyId,
      actor: await staffActor(tx, caller.userId),
      subject: body.subject,
      description: body.description,
      priority: body.priority,
      type: body.type,
      source: body.source ?? (conversation ? ticketSourceOfChannel(conversation.channel) : TICKET_DEFAULTS.source),
      customerId,
      conversationId: body.conversationId ?? null,
      orderId: body.orderId ?? null,
      aiEmployeeId: conversation?.aiEmployeeId ?? null,
      responsible: body.responsible ?? null,
      tags: body.tags,
      requestedAt: body.requestedAt ? new Date(body.requestedAt) : undefined,
    });
    await tellAssignee(tx, deps, opened, caller.userId);
    return opened;
  });
  deps.queue.wake();
  await announce(deps.events, ticket);
  return getTicket(deps.db, companyId, ticket.id);
}

export const updateTicket = (deps: TicketDeps, caller: TicketCaller, id: string, fields: UpdateTicket) =>
  applyChange(deps, caller, id, { kind: "update", fields });

export const closeTicket = (deps: TicketDeps, caller: TicketCaller, id: string, note: string | undefined) =>
  applyChange(deps, caller, id, { kind: "close", note: note || undefined });

export const reopenTicket = (deps: TicketDeps, caller: TicketCaller, id: string, note: string | undefined) =>
  applyChange(deps, caller, id, { kind: "reopen", note: note || undefined });

export const assignTicket = (deps: TicketDeps, caller: TicketCaller, id: string, body: AssignTicket) =>
  applyChange(deps, caller, id, { kind: "assign", responsible: body.responsible }, (_tx, ticket) =>
    checkAssign(caller, ticket, body.responsible),
  );

export const followTicket = (deps: TicketDeps, caller: TicketCaller, id: string, userId: string) =>
  applyChange(deps, caller, id, { kind: "follow", userId });

/** Stops a follower's mail; one who does not follow (or no such user) is a 404, like a path naming nothing. */
export const unfollowTicket = (deps: TicketDeps, caller: TicketCaller, id: string, userId: string) =>
  applyChange(deps, caller, id, { kind: "unfollow", userId }, async (tx, ticket) => {
    const [follower] = isUuid(userId)
      ? await tx
          .select({ userId: ticketFollowers.userId })
          .from(ticketFollowers)
          .where(and(eq(ticketFollowers.ticketId, ticket.id), eq(ticketFollowers.userId, userId)))
      : [];
    if (!follower) throw httpError(404, "not_found", `They do not follow ${ticketDisplayId(ticket.number)}`);
  });

export const NO_CONVERSATION_MESSAGE =
  "This ticket has no conversation to reply in: link one, or add an internal note instead";

/**
 * A comment: `internal` is a note only staff see; `public` is sent to the client through the ticket's
 * conversation (like a staff reply there: it takes the conversation over) and recorded on the ticket
 * with the message's id in the message's own transaction, so the reply and its record commit together.
 */
export async function commentOnTicket(
  deps: TicketDeps,
  caller: TicketCaller,
  id: string,
  comment: TicketComment,
): Promise<TicketDetail> {
  if (comment.visibility === "internal")
    return applyChange(deps, caller, id, { kind: "comment", body: comment.body, visibility: "internal" });
  const { companyId } = caller;
  const ticket = isUuid(id) ? await findTicketRow(deps.db, companyId, id) : null;
  if (!ticket) throw ticketNotFound();
  if (!ticket.conversationId)
    throw httpError(422, "no_conversation", NO_CONVERSATION_MESSAGE, [
      { field: "visibility", message: "Only internal notes without a conversation" },
    ]);
  const label = ticketDisplayId(ticket.number);
  let changed: Ticket | undefined;
  await postStaffMessage(
    deps,
    { companyId, conversationId: ticket.conversationId, userId: caller.userId },
    async (_tx, conversation) => ({
      content: comment.body,
      activity: {
        kind: "conversation.staff_reply",
        summary: `Replied in conversation #${conversation.displayId} on ${label}`,
        details: { ticketId: ticket.id, attachments: 0 },
      },
    }),
    async (tx, message) => {
      const actor = await staffActor(tx, caller.userId);
      const change: TicketChange = { kind: "comment", body: comment.body, visibility: "public", messageId: message.id };
      changed = await changeTicket(tx, { companyId, ticketId: ticket.id, actor }, change);
      await mailFollowers(tx, deps, changed, actor, change);
    },
  );
  await announce(deps.events, changed!);
  return getTicket(deps.db, companyId, ticket.id);
}

/** Deletes a ticket (the route has checked the caller is an owner or admin). */
export async function deleteTicket(deps: TicketDeps, caller: TicketCaller, id: string): Promise<void> {
  const ticket = await deps.db.transaction(async (tx) =>
    removeTicket(tx, { companyId: caller.companyId, ticketId: id, actor: await staffActor(tx, caller.userId) }),
  );
  await announce(deps.events, ticket);
}
