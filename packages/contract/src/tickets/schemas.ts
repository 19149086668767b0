// Zod schemas of the tickets API (`/app/tickets…`; camelCase here, snake_case on the wire).
import { z } from "zod";
import { ACTOR_TYPES } from "../activities/activity.ts";
import { paginationQuerySchema } from "../http/errors.ts";
import { ORDER_STATES } from "../orders/order.ts";
import { periodQuerySchema } from "../period/period-query.ts";
import { channelSchema, timestampSchema as timestamp } from "../sales/schemas.ts";
import { emailField, requiredText, messages as validationMessages } from "../validation.ts";
import {
  normalizeTicketTags,
  TICKET_LIMITS,
  TICKET_PRIORITIES,
  TICKET_RESPONSIBLE_KINDS,
  TICKET_SOURCES,
  TICKET_STATUS_FILTERS,
  TICKET_STATUSES,
  TICKET_TYPES,
} from "./ticket.ts";

const id = z.string();
const oneOf = (values: readonly string[]) => `Must be one of ${values.join(", ")}`;
const uuid = z.guid({ error: "Must be a UUID" });

export const ticketPrioritySchema = z.enum(TICKET_PRIORITIES, { error: oneOf(TICKET_PRIORITIES) });
export const ticketTypeSchema = z.enum(TICKET_TYPES, { error: oneOf(TICKET_TYPES) });
export const ticketStatusSchema = z.enum(TICKET_STATUSES, { error: oneOf(TICKET_STATUSES) });
export const ticketSourceSchema = z.enum(TICKET_SOURCES, { error: oneOf(TICKET_SOURCES) });

/** A staff member or an AI employee of the company, as a ticket names who is responsible. */
export const ticketResponsibleSchema = z.object({
  kind: z.enum(TICKET_RESPONSIBLE_KINDS),
  id,
  name: z.string(),
});
export type TicketResponsible = z.infer<typeof ticketResponsibleSchema>;

/** The client: the company's customer the ticket is for. */
export const ticketClientSchema = z.object({
  id,
  fullName: z.string(),
  organization: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type TicketClient = z.infer<typeof ticketClientSchema>;

/** A row of the tickets list. */
export const ticketSummarySchema = z.object({
  id,
  /** The per-company number people see as "T-1042" (`ticketDisplayId`). */
  number: z.number().int().positive(),
  subject: z.string(),
  priority: ticketPrioritySchema,
  type: ticketTypeSchema,
  status: ticketStatusSchema,
  source: ticketSourceSchema,
  client: ticketClientSchema.nullable(),
  responsible: ticketResponsibleSchema.nullable(),
  /** The AI employee involved: the one that opened it or whose conversation it came from. */
  aiEmployee: z.object({ id, name: z.string() }).nullable(),
  tags: z.array(z.string()),
  /** When the customer asked (a ticket typed in after a call may be dated earlier than it was created). */
  requestedAt: timestamp,
  createdAt: timestamp,
  updatedAt: timestamp,
  closedAt: timestamp.nullable(),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

export const ticketStatusCountsSchema = z.object({
  all: z.number().int().nonnegative(),
  open: z.number().int().nonnegative(),
  closed: z.number().int().nonnegative(),
});
export type TicketStatusCounts = z.infer<typeof ticketStatusCountsSchema>;

export const ticketsPageSchema = z.object({
  tickets: z.array(ticketSummarySchema),
  /** Every ticket the filters match, not the page's length. */
  total: z.number().int().nonnegative(),
  /** How many match every filter but the status, per status filter: the all/open/closed tabs' numbers. */
  counts: ticketStatusCountsSchema,
  page: z.number().int().min(1),
  perPage: z.number().int().min(1),
});
export type TicketsPage = z.infer<typeof ticketsPageSchema>;

/** One ticket with everything its preview shows. */
export const ticketDetailSchema = ticketSummarySchema.extend({
  /** The issue, as the customer or staff described it. */
  description: z.string(),
  conversation: z.object({ id, displayId: z.number().int(), channel: channelSchema }).nullable(),
  order: z.object({ id, number: z.number().int(), state: z.enum(ORDER_STATES) }).nullable(),
  followers: z.array(z.object({ id, name: z.string() })),
  createdBy: z.object({ type: z.enum(ACTOR_TYPES), id: z.string().nullable(), name: z.string() }),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

export const TICKET_COMMENT_VISIBILITIES = ["public", "internal"] as const;
export type TicketCommentVisibility = (typeof TICKET_COMMENT_VISIBILITIES)[number];

/** One entry of a ticket's activity: what changed, who did it, when. Append-only. */
export const ticketActivitySchema = z.object({
  id,
  kind: z.string(),
  actor: z.object({ type: z.enum(ACTOR_TYPES), id: z.string().nullable(), name: z.string() }),
  /** The description people read: "Assigned to Ana Ruiz", "Priority medium → high". */
  summary: z.string(),
  /** A comment's or note's text. */
  body: z.string().nullable(),
  /** public: sent to the customer; internal: a note only staff see. Null for other changes. */
  visibility: z.enum(TICKET_COMMENT_VISIBILITIES).nullable(),
  /** The call the entry came from, when it came from one. */
  callNumber: z.string().nullable(),
  createdAt: timestamp,
});
export type TicketActivity = z.infer<typeof ticketActivitySchema>;

export const ticketActivitiesSchema = z.object({ activities: z.array(ticketActivitySchema) });

// ---------------------------------------------------------------------------------------------------
// Queries (keys as routes see them after the snake→camel renaming).

export const TICKET_SORTS = ["-created_at", "created_at", "-updated_at", "-priority", "priority"] as const;
export type TicketSort = (typeof TICKET_SORTS)[number];

/** `responsible=none` keeps the unassigned tickets; a UUID keeps one staff member's or AI employee's. */
export const TICKET_UNASSIGNED = "none";

export const ticketsQuerySchema = periodQuerySchema.extend({
  status: z.enum(TICKET_STATUS_FILTERS, { error: oneOf(TICKET_STATUS_FILTERS) }).default("all"),
  priority: ticketPrioritySchema.optional(),
  type: ticketTypeSchema.optional(),
  source: ticketSourceSchema.optional(),
  responsible: z
    .union([z.literal(TICKET_UNASSIGNED), uuid], { error: `Must be a UUID or ${TICKET_UNASSIGNED}` })
    .optional(),
  tag: z.string().trim().toLowerCase().min(1).max(TICKET_LIMITS.tag).optional(),
  customerId: uuid.optional(),
  conversationId: uuid.optional(),
  /** The subject, the client's name or organization (case-insensitive substring), or the number ("T-1042"). */
  q: z
    .string()
    .trim()
    .max(TICKET_LIMITS.search, { error: validationMessages.maxLength(TICKET_LIMITS.search) })
    .optional(),
  sort: z.enum(TICKET_SORTS, { error: oneOf(TICKET_SORTS) }).default("-created_at"),
  page: paginationQuerySchema.shape.page,
  perPage: paginationQuerySchema.shape.perPage,
});
export type TicketsQuery = z.infer<typeof ticketsQuerySchema>;

// ---------------------------------------------------------------------------------------------------
// Bodies.

const tagsField = z
  .array(
    z
      .string()
      .trim()
      .max(TICKET_LIMITS.tag, { error: validationMessages.maxLength(TICKET_LIMITS.tag) }),
  )
  .max(TICKET_LIMITS.tags, { error: `At most ${TICKET_LIMITS.tags} tags` })
  .transform(normalizeTicketTags);

const descriptionField = z
  .string()
  .trim()
  .max(TICKET_LIMITS.description, { error: validationMessages.maxLength(TICKET_LIMITS.description) });

/** Who to make responsible: a staff member (a member of the company) or one of its AI employees. */
export const responsibleInputSchema = z.object({ kind: z.enum(TICKET_RESPONSIBLE_KINDS), id: uuid });
export type ResponsibleInput = z.infer<typeof responsibleInputSchema>;

/** A client typed into the form rather than picked: a new customer of the company. */
export const newTicketClientSchema = z.object({
  fullName: requiredText(1, 120),
  email: emailField.optional(),
  phone: z
    .string()
    .trim()
    .max(40, { error: validationMessages.maxLength(40) })
    .optional(),
  organization: z
    .string()
    .trim()
    .max(120, { error: validationMessages.maxLength(120) })
    .optional(),
});

export const createTicketSchema = z
  .object({
    subject: requiredText(3, TICKET_LIMITS.subject),
    description: descriptionField.default(""),
    priority: ticketPrioritySchema.default("medium"),
    type: ticketTypeSchema.default("question"),
    /** Where the request came from; the conversation's channel when one is given, else web. */
    source: ticketSourceSchema.optional(),
    /** A customer of the company, picked. */
    customerId: uuid.optional(),
    /** Or a client typed in. */
    client: newTicketClientSchema.optional(),
    conversationId: uuid.optional(),
    orderId: uuid.optional(),
    responsible: responsibleInputSchema.optional(),
    tags: tagsField.default([]),
    requestedAt: timestamp.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.customerId && body.client)
      ctx.addIssue({ code: "custom", path: ["client"], message: "Pick a client or type one, not both" });
    if (!body.customerId && !body.client && !body.conversationId)
      ctx.addIssue({ code: "custom", path: ["customerId"], message: validationMessages.required });
    if (body.requestedAt && Date.parse(body.requestedAt) > Date.now() + 60_000)
      ctx.addIssue({ code: "custom", path: ["requestedAt"], message: "Must not be in the future" });
  });
export type CreateTicketBody = z.input<typeof createTicketSchema>;
export type CreateTicket = z.output<typeof createTicketSchema>;

export const updateTicketSchema = z
  .object({
    subject: requiredText(3, TICKET_LIMITS.subject).optional(),
    description: descriptionField.optional(),
    priority: ticketPrioritySchema.optional(),
    type: ticketTypeSchema.optional(),
    source: ticketSourceSchema.optional(),
    tags: tagsField.optional(),
    /** Link an order of the same customer, or null to unlink. */
    orderId: uuid.nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: "Nothing to change",
  });
export type UpdateTicket = z.output<typeof updateTicketSchema>;

export const assignTicketSchema = z.object({ responsible: responsibleInputSchema.nullable() });
export type AssignTicket = z.output<typeof assignTicketSchema>;

export const ticketCommentSchema = z.object({
  body: requiredText(1, TICKET_LIMITS.comment),
  /** public: a reply sent to the customer through the conversation's channel; internal: a note. */
  visibility: z.enum(TICKET_COMMENT_VISIBILITIES, { error: oneOf(TICKET_COMMENT_VISIBILITIES) }).default("internal"),
});
export type TicketComment = z.output<typeof ticketCommentSchema>;

/** Close or reopen, with an optional note saying why. */
export const ticketTransitionSchema = z
  .object({ note: z.string().trim().max(TICKET_LIMITS.comment).optional() })
  .default({});

export const ticketFollowerSchema = z.object({ userId: uuid });

// ---------------------------------------------------------------------------------------------------
// The create form's client picker.

/** At most this many customers answer one search of the client picker. */
export const TICKET_CLIENTS_LIMIT = 20;

/** `q`: part of the customer's name, organization, email or phone; none lists the first by name. */
export const ticketClientsQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(TICKET_LIMITS.search, { error: validationMessages.maxLength(TICKET_LIMITS.search) })
    .optional(),
});

export const ticketClientsSchema = z.object({ clients: z.array(ticketClientSchema) });
export type TicketClients = z.infer<typeof ticketClientsSchema>;
