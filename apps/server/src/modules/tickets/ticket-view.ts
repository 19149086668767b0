import {
  TICKET_COMMENT_VISIBILITIES,
  type TicketActivity,
  type TicketCommentVisibility,
  type TicketDetail,
  type TicketResponsible,
  type TicketSummary,
} from "@foreman/contract";
import type { activities } from "#server/db/schema/index.ts";
import type { TicketDetailRow } from "./ticket-detail.repository.ts";
import type { TicketSummaryRow } from "./tickets.repository.ts";

// Rows as the API answers them (camelCase here; the wire serializer makes them snake_case).

type Person = { id: string; firstName: string; lastName: string; email: string };

/** The name people see for a staff member: their full name, else their address. */
export const personName = (user: Pick<Person, "firstName" | "lastName" | "email">) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

function responsibleOf(row: TicketSummaryRow): TicketResponsible | null {
  if (row.assigneeUser) return { kind: "user", id: row.assigneeUser.id, name: personName(row.assigneeUser) };
  if (row.assigneeAi) return { kind: "ai_employee", id: row.assigneeAi.id, name: row.assigneeAi.name };
  return null;
}

export function toTicketSummary(row: TicketSummaryRow): TicketSummary {
  return {
    id: row.id,
    number: row.number,
    subject: row.subject,
    priority: row.priority,
    type: row.type,
    status: row.status,
    source: row.source,
    client: row.client,
    responsible: responsibleOf(row),
    aiEmployee: row.aiEmployee,
    tags: row.tags,
    requestedAt: row.requestedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

export function toTicketDetail(row: TicketDetailRow, followers: Person[]): TicketDetail {
  return {
    ...toTicketSummary(row),
    description: row.description,
    conversation: row.conversation,
    order: row.order,
    followers: followers.map((user) => ({ id: user.id, name: personName(user) })),
    createdBy: {
      type: row.createdByType as TicketDetail["createdBy"]["type"],
      id: row.createdByUserId ?? row.createdByAiEmployeeId,
      name: row.createdByName,
    },
  };
}

const text = (value: unknown) => (typeof value === "string" ? value : null);

export function toTicketActivity(row: typeof activities.$inferSelect): TicketActivity {
  const details = row.details;
  const visibility = text(details.visibility);
  return {
    id: row.id,
    kind: row.kind,
    actor: { type: row.actorType, id: row.actorUserId ?? row.actorAiEmployeeId, name: row.actorName },
    summary: row.summary,
    body: text(details.body),
    visibility: TICKET_COMMENT_VISIBILITIES.includes(visibility as TicketCommentVisibility)
      ? (visibility as TicketCommentVisibility)
      : null,
    callNumber: text(details.callNumber),
    createdAt: row.createdAt.toISOString(),
  };
}
