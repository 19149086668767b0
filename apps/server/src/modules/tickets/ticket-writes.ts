import {
  type ActivityKind,
  type ResponsibleInput,
  TICKET_LIMITS,
  TICKET_PRIORITY_LABELS,
  TICKET_TYPE_LABELS,
  type TicketCommentVisibility,
  type TicketPriority,
  type TicketSource,
  type TicketType,
  ticketDisplayId,
  type UpdateTicket,
} from "@foreman/contract";
import { and, count, eq, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { type Ticket, ticketFollowers, tickets } from "#server/db/schema/index.ts";
import { httpError } from "#server/lib/http-error.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { type NewActivity, recordActivities } from "../activities/index.ts";
import { checkTicketLinks, findMember, linkRefused, resolveResponsible } from "./ticket-links.ts";

// The one writer of tickets: staff's routes and AI employees' tools both open and change tickets here,
// so every change is checked the same way and lands in the activity log in the same transaction.

/** Who does it: a staff member, an AI employee or the system (activities' actor). */
export type TicketActor = NewActivity["actor"];

export type NewTicket = {
  companyId: string;
  actor: TicketActor;
  subject: string;
  description: string;
  priority: TicketPriority;
  type: TicketType;
  source: TicketSource;
  customerId: string | null;
  conversationId: string | null;
  orderId: string | null;
  /** The AI employee involved (the one that opened it, or whose conversation it came from). */
  aiEmployeeId: string | null;
  responsible: ResponsibleInput | null;
  tags: string[];
  requestedAt?: Date | undefined;
  /** When it happened; now by default (the demo seed writes a history). */
  at?: Date | undefined;
  /** The company's call it was opened on (an AI employee answering a phone call): its activity names it. */
  callNumber?: number | null | undefined;
};

export type TicketChange =
  | { kind: "update"; fields: UpdateTicket }
  | { kind: "assign"; responsible: ResponsibleInput | null }
  | { kind: "close"; note?: string | undefined }
  | { kind: "reopen"; note?: string | undefined }
  | {
      kind: "comment";
      body: string;
      visibility: TicketCommentVisibility;
      messageId?: string | undefined;
      /** The call the words were said on (a caller's words relayed by the AI employee). */
      callNumber?: number | null | undefined;
    }
  | { kind: "follow"; userId: string }
  | { kind: "unfollow"; userId: string };

export const ticketNotFound = () => httpError(404, "not_found", "Ticket not found");

/** Serializes ticket numbering per company within the transaction; the first ticket is T-1001. */
async function nextTicketNumber(tx: Executor, companyId: string): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ticket-number:${companyId}`}))`);
  const [row] = await tx
    .select({ next: sql<number>`coalesce(max(${tickets.number}), 1000) + 1` })
    .from(tickets)
    .where(eq(tickets.companyId, companyId));
  return Number(row!.next);
}

const createdBy = (actor: TicketActor) => ({
  createdByType: actor.type,
  createdByUserId: actor.type === "user" ? actor.id : null,
  createdByAiEmployeeId: actor.type === "ai_employee" ? actor.id : null,
  createdByName: actor.name ?? "Foreman",
});

/** Opens a ticket after checking that everything it points at is the company's; answers the row. */
export async function openTicket(tx: Executor, input: NewTicket): Promise<Ticket> {
  const { companyId, actor } = input;
  await checkTicketLinks(tx, companyId, input);
  const responsible = input.responsible ? await resolveResponsible(tx, companyId, input.responsible) : null;
  const at = input.at ?? new Date();
  const number = await nextTicketNumber(tx, companyId);
  const [ticket] = await tx
    .insert(tickets)
    .values({
      companyId,
      number,
      subject: input.subject,
      description: input.description,
      priority: input.priority,
      type: input.type,
      source: input.source,
      customerId: input.customerId,
      conversationId: input.conversationId,
      orderId: input.orderId,
      aiEmployeeId: input.aiEmployeeId,
      assigneeUserId: responsible?.kind === "user" ? responsible.id : null,
      assigneeAiEmployeeId: responsible?.kind === "ai_employee" ? responsible.id : null,
      tags: input.tags,
      ...createdBy(actor),
      requestedAt: input.requestedAt ?? at,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  const entries: Entry[] = [
    {
      kind: "ticket.created",
      summary: `Opened ${ticketDisplayId(number)}: ${input.subject}`,
      details: input.callNumber ? { callNumber: String(input.callNumber) } : {},
    },
  ];
  if (responsible)
    entries.push({
      kind: "ticket.assigned",
      summary: `Assigned to ${responsible.name}`,
      details: { to: { kind: responsible.kind, id: responsible.id, name: responsible.name } },
    });
  await record(tx, ticket!, actor, entries, at);
  return ticket!;
}

type Entry = { kind: ActivityKind; summary: string; details: Record<string, unknown> };

async function record(tx: Executor, ticket: Ticket, actor: TicketActor, entries: Entry[], at: Date) {
  await recordActivities(
    tx,
    entries.map((entry) => ({
      companyId: ticket.companyId,
      kind: entry.kind,
      actor,
      subject: { type: "ticket", id: ticket.id },
      summary: entry.summary,
      details: { number: ticket.number, ...entry.details },
      createdAt: at,
    })),
  );
}

/** The company's ticket, locked for the transaction; 404 for another company's or a made-up id. */
export async function lockTicket(tx: Executor, companyId: string, ticketId: string): Promise<Ticket> {
  if (!isUuid(ticketId)) throw ticketNotFound();
  const [row] = await tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)))
    .for("update")
    .limit(1);
  if (!row) throw ticketNotFound();
  return row;
}

const invalidTransition = (description: string) => httpError(422, "invalid_transition", description);

/**
 * Applies one change to the company's ticket and records it; answers the ticket as it is now. A change
 * that changes nothing (the same priority, closing a closed ticket) is refused rather than logged.
 */
export async function changeTicket(
  tx: Executor,
  scope: { companyId: string; ticketId: string; actor: TicketActor; at?: Date | undefined },
  change: TicketChange,
): Promise<Ticket> {
  const { companyId, actor } = scope;
  const at = scope.at ?? new Date();
  const ticket = await lockTicket(tx, companyId, scope.ticketId);
  const label = ticketDisplayId(ticket.number);
  const entries: Entry[] = [];
  let set: Partial<typeof tickets.$inferInsert> = {};

  switch (change.kind) {
    case "update": {
      const { fields } = change;
      if (fields.orderId)
        await checkTicketLinks(tx, companyId, { orderId: fields.orderId, customerId: ticket.customerId });
      if (fields.priority !== undefined && fields.priority !== ticket.priority)
        entries.push({
          kind: "ticket.priority_changed",
          summary: `Priority ${TICKET_PRIORITY_LABELS[ticket.priority]} → ${TICKET_PRIORITY_LABELS[fields.priority]}`,
          details: { from: ticket.priority, to: fields.priority },
        });
      if (fields.type !== undefined && fields.type !== ticket.type)
        entries.push({
          kind: "ticket.type_changed",
          summary: `Type ${TICKET_TYPE_LABELS[ticket.type]} → ${TICKET_TYPE_LABELS[fields.type]}`,
          details: { from: ticket.type, to: fields.type },
        });
      const edited = (["subject", "description", "source", "tags", "orderId"] as const).filter(
        (key) => fields[key] !== undefined && JSON.stringify(fields[key]) !== JSON.stringify(ticket[key]),
      );
      if (edited.length > 0)
        entries.push({
          kind: "ticket.updated",
          summary: `Changed ${edited.map((key) => EDITED_NAMES[key]).join(", ")}`,
          details: { fields: edited },
        });
      if (entries.length === 0) throw invalidTransition(`Nothing changes on ${label}`);
      set = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
      break;
    }
    case "assign": {
      const current = ticket.assigneeUserId ?? ticket.assigneeAiEmployeeId;
      if ((change.responsible?.id ?? null) === current) throw invalidTransition(`${label} is already with them`);
      if (change.responsible) {
        const responsible = await resolveResponsible(tx, companyId, change.responsible);
        entries.push({
          kind: "ticket.assigned",
          summary: `Assigned to ${responsible.name}`,
          details: { to: responsible },
        });
      } else entries.push({ kind: "ticket.assigned", summary: "Unassigned", details: { to: null } });
      set = {
        assigneeUserId: change.responsible?.kind === "user" ? change.responsible.id : null,
        assigneeAiEmployeeId: change.responsible?.kind === "ai_employee" ? change.responsible.id : null,
      };
      break;
    }
    case "close":
    case "reopen": {
      const closing = change.kind === "close";
      if ((ticket.status === "closed") === closing)
        throw invalidTransition(`${label} is already ${closing ? "closed" : "open"}`);
      entries.push({
        kind: closing ? "ticket.closed" : "ticket.reopened",
        summary: closing ? `Closed ${label}` : `Reopened ${label}`,
        details: change.note ? { body: change.note, visibility: "internal" } : {},
      });
      set = closing ? { status: "closed", closedAt: at } : { status: "open", closedAt: null };
      break;
    }
    case "comment": {
      const publicReply = change.visibility === "public";
      entries.push({
        kind: publicReply ? "ticket.commented" : "ticket.noted",
        summary: publicReply ? "Replied to the client" : "Added an internal note",
        details: {
          body: change.body,
          visibility: change.visibility,
          messageId: change.messageId ?? null,
          ...(change.callNumber ? { callNumber: String(change.callNumber) } : {}),
        },
      });
      break;
    }
    case "follow":
    case "unfollow": {
      const member = await findMember(tx, companyId, change.userId);
      if (!member) throw linkRefused([{ field: "userId", message: "Not a member of this company" }]);
      if (change.kind === "follow") {
        // The row lock above serializes follows of this ticket, so the count holds until the insert.
        const [{ n } = { n: 0 }] = await tx
          .select({ n: count() })
          .from(ticketFollowers)
          .where(eq(ticketFollowers.ticketId, ticket.id));
        if (n >= TICKET_LIMITS.followers)
          throw invalidTransition(`${label} already has ${TICKET_LIMITS.followers} followers, the most it can have`);
        const added = await tx
          .insert(ticketFollowers)
          .values({ ticketId: ticket.id, userId: member.id, companyId, createdAt: at })
          .onConflictDoNothing()
          .returning({ userId: ticketFollowers.userId });
        if (added.length === 0) throw invalidTransition(`${member.name} already follows ${label}`);
      } else {
        const removed = await tx
          .delete(ticketFollowers)
          .where(and(eq(ticketFollowers.ticketId, ticket.id), eq(ticketFollowers.userId, member.id)))
          .returning({ userId: ticketFollowers.userId });
        if (removed.length === 0) throw invalidTransition(`${member.name} does not follow ${label}`);
      }
      entries.push({
        kind: change.kind === "follow" ? "ticket.follower_added" : "ticket.follower_removed",
        summary: change.kind === "follow" ? `${member.name} follows` : `${member.name} stopped following`,
        details: { userId: member.id },
      });
      break;
    }
  }

  const [updated] = await tx
    .update(tickets)
    .set({ ...set, updatedAt: at })
    .where(eq(tickets.id, ticket.id))
    .returning();
  await record(tx, updated!, actor, entries, at);
  return updated!;
}

const EDITED_NAMES = {
  subject: "subject",
  description: "issue",
  source: "source",
  tags: "tags",
  orderId: "order",
} as const;

/**
 * Deletes the company's ticket (its followers go with it) and records who did. Its entries in the
 * activity log stay: the log is append-only and says what the ticket was.
 */
export async function removeTicket(
  tx: Executor,
  scope: { companyId: string; ticketId: string; actor: TicketActor; at?: Date | undefined },
): Promise<Ticket> {
  const ticket = await lockTicket(tx, scope.companyId, scope.ticketId);
  await tx.delete(tickets).where(eq(tickets.id, ticket.id));
  await record(
    tx,
    ticket,
    scope.actor,
    [
      {
        kind: "ticket.deleted",
        summary: `Deleted ${ticketDisplayId(ticket.number)}: ${ticket.subject}`,
        details: { subject: ticket.subject },
      },
    ],
    scope.at ?? new Date(),
  );
  return ticket;
}
