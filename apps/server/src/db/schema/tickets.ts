import { TICKET_PRIORITIES, TICKET_SOURCES, TICKET_STATUSES, TICKET_TYPES } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { aiEmployees } from "./ai-employees.ts";
import { users } from "./auth.ts";
import { customers } from "./channels.ts";
import { companyId, createdAt, inList } from "./columns.ts";
import { conversations } from "./conversations.ts";
import { quotes } from "./orders.ts";

// Support tickets (modules/tickets). Their activity is the company's activity log (subject type
// "ticket"): one append-only record of who did what, which the ticket's preview reads.

export const tickets = pgTable(
  "tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    // Per-company sequence shown to people ("T-1042"); the uuid stays the API id.
    number: integer("number").notNull(),
    subject: text("subject").notNull(),
    description: text("description").notNull().default(""),
    priority: text("priority", { enum: TICKET_PRIORITIES }).notNull().default("medium"),
    type: text("type", { enum: TICKET_TYPES }).notNull().default("question"),
    status: text("status", { enum: TICKET_STATUSES }).notNull().default("open"),
    source: text("source", { enum: TICKET_SOURCES }).notNull().default("web"),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    conversationId: uuid("conversation_id").references(() => conversations.id, { onDelete: "set null" }),
    orderId: uuid("order_id").references(() => quotes.id, { onDelete: "set null" }),
    // The AI employee involved: the one that opened it, or whose conversation it came from.
    aiEmployeeId: uuid("ai_employee_id").references(() => aiEmployees.id, { onDelete: "set null" }),
    // Who is responsible: a staff member or an AI employee, never both (the check below).
    assigneeUserId: uuid("assignee_user_id").references(() => users.id, { onDelete: "set null" }),
    assigneeAiEmployeeId: uuid("assignee_ai_employee_id").references(() => aiEmployees.id, { onDelete: "set null" }),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    // Who opened it (copied, like the activity log's actor, so it reads right after a rename).
    createdByType: text("created_by_type").notNull(),
    createdByUserId: uuid("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdByAiEmployeeId: uuid("created_by_ai_employee_id").references(() => aiEmployees.id, {
      onDelete: "set null",
    }),
    createdByName: text("created_by_name").notNull(),
    // When the customer asked; a ticket typed in after a call may be dated before it was created.
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    unique("tickets_company_id_number_key").on(t.companyId, t.number),
    // The list: a company's tickets newest first, and the same within a status (the all/open/closed tabs).
    index("tickets_company_id_created_at_idx").on(t.companyId, t.createdAt.desc(), t.id.desc()),
    // The trailing keys are the list's other filters: the tabs' counts and a filtered page then read the
    // index alone (index-only scans) instead of every ticket row of the company (docs/benchmarks.md).
    // drizzle cannot declare INCLUDE, and trailing keys cost about the same.
    index("tickets_company_id_status_created_at_idx").on(
      t.companyId,
      t.status,
      t.createdAt.desc(),
      t.id.desc(),
      t.priority,
      t.type,
      t.source,
      t.assigneeUserId,
      t.assigneeAiEmployeeId,
    ),
    index("tickets_company_id_assignee_user_idx").on(t.companyId, t.assigneeUserId),
    index("tickets_company_id_assignee_ai_idx").on(t.companyId, t.assigneeAiEmployeeId),
    index("tickets_customer_id_idx").on(t.customerId),
    index("tickets_conversation_id_idx").on(t.conversationId),
    index("tickets_order_id_idx").on(t.orderId),
    index("tickets_ai_employee_id_idx").on(t.aiEmployeeId),
    check("tickets_priority_check", sql`${t.priority} in (${inList(TICKET_PRIORITIES)})`),
    check("tickets_type_check", sql`${t.type} in (${inList(TICKET_TYPES)})`),
    check("tickets_status_check", sql`${t.status} in (${inList(TICKET_STATUSES)})`),
    check("tickets_source_check", sql`${t.source} in (${inList(TICKET_SOURCES)})`),
    check("tickets_created_by_type_check", sql`${t.createdByType} in ('user', 'ai_employee', 'system')`),
    check("tickets_one_assignee_check", sql`${t.assigneeUserId} is null or ${t.assigneeAiEmployeeId} is null`),
    check("tickets_closed_at_check", sql`(${t.status} = 'closed') = (${t.closedAt} is not null)`),
  ],
);

/** Staff who follow a ticket: they are told when it changes. */
export const ticketFollowers = pgTable(
  "ticket_followers",
  {
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: companyId(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.userId] }), index("ticket_followers_user_id_idx").on(t.userId)],
);

export type Ticket = typeof tickets.$inferSelect;
