// The company's append-only activity log: who did what to which record, and when. Every write in the
// product leaves one (GET /app/activities.json).
import { z } from "zod";
import { paginationQuerySchema } from "../http/errors.ts";
import { timestampSchema } from "../sales/schemas.ts";

export const ACTIVITY_KINDS = [
  "ai_employee.hired",
  "ai_employee.edited",
  "ai_employee.deactivated",
  "ai_employee.reactivated",
  "ai_employees.imported",
  "quote.cancelled",
  "action_item.resolved",
  "conversation.staff_reply",
  "api_channel.created",
  "api_channel.rotated",
  "api_channel.revoked",
  "website_chat.created",
  "website_chat.updated",
  "website_chat.deleted",
  "email_channel.created",
  "email_channel.updated",
  "email_channel.deleted",
  "product.created",
  "product.updated",
  "products.imported",
  "knowledge.created",
  "knowledge.deleted",
  "skill.created",
  "skill.updated",
  "skill.deleted",
  "whatsapp.connected",
  "whatsapp.disconnected",
  "whatsapp.assigned",
  "whatsapp_template.created",
  "whatsapp_template.updated",
  "whatsapp_template.deleted",
  "conversation.template_sent",
  "company.settings_changed",
  "company.logo_changed",
  "company.logo_removed",
  "member.invited",
  "invitation.resent",
  "invitation.revoked",
  "invitation.accepted",
  "member.role_changed",
  "member.removed",
  "ticket.created",
  "ticket.updated",
  "ticket.assigned",
  "ticket.priority_changed",
  "ticket.type_changed",
  "ticket.commented",
  "ticket.noted",
  "ticket.closed",
  "ticket.reopened",
  "ticket.follower_added",
  "ticket.follower_removed",
  "ticket.deleted",
  "company.retention_changed",
  "conversations.retention_deleted",
  "company.data_exported",
  "company.deletion_scheduled",
  "company.deletion_cancelled",
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const ACTOR_TYPES = ["user", "ai_employee", "system"] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

/** The kinds of record an activity can concern. */
export const ACTIVITY_SUBJECT_TYPES = [
  "ai_employee",
  "quote",
  "action_item",
  "conversation",
  "company",
  "api_channel",
  "website_chat",
  "email_channel",
  "product",
  "knowledge_entry",
  "skill",
  "whatsapp_connection",
  "whatsapp_template",
  "member",
  "invitation",
  "ticket",
] as const;
export type ActivitySubjectType = (typeof ACTIVITY_SUBJECT_TYPES)[number];

export const activitySchema = z.object({
  id: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  actor: z.object({
    type: z.enum(ACTOR_TYPES),
    /** The staff user's or AI employee's id; null for the system. */
    id: z.string().nullable(),
    /** The name shown ("Ana Ruiz", "Sofía (AI)"); kept as it was when the activity happened. */
    name: z.string(),
  }),
  subject: z.object({ type: z.enum(ACTIVITY_SUBJECT_TYPES), id: z.string() }),
  /** One line a person reads: "Hired Sofía in Sales". */
  summary: z.string(),
  /** What changed, for edits: field names with their value before and after. */
  details: z.record(z.string(), z.unknown()),
  createdAt: timestampSchema,
});
export type Activity = z.infer<typeof activitySchema>;

const idFilter = z.guid({ error: "Must be a UUID" }).optional();

/** The message when a created_at range ends before it starts (named on created_at_lteq). */
export const ACTIVITIES_RANGE_MESSAGE = "Must not be before created_at_gteq";

/**
 * `GET /app/activities.json`'s query, camelCase (the wire's snake_case is renamed before validation).
 * A range whose end is before its start is refused rather than answered empty.
 */
export const activitiesQuerySchema = z
  .object({
    actorType: z.enum(ACTOR_TYPES, { error: `Must be one of ${ACTOR_TYPES.join(", ")}` }).optional(),
    actorId: idFilter,
    subjectType: z
      .enum(ACTIVITY_SUBJECT_TYPES, { error: `Must be one of ${ACTIVITY_SUBJECT_TYPES.join(", ")}` })
      .optional(),
    subjectId: idFilter,
    kind: z.enum(ACTIVITY_KINDS, { error: `Must be one of ${ACTIVITY_KINDS.join(", ")}` }).optional(),
    createdAtGteq: timestampSchema.optional(),
    createdAtLteq: timestampSchema.optional(),
    page: paginationQuerySchema.shape.page,
    perPage: paginationQuerySchema.shape.perPage,
  })
  .refine(
    (query) =>
      query.createdAtGteq === undefined ||
      query.createdAtLteq === undefined ||
      Date.parse(query.createdAtGteq) <= Date.parse(query.createdAtLteq),
    { path: ["createdAtLteq"], error: ACTIVITIES_RANGE_MESSAGE },
  );
export type ActivitiesQuery = z.infer<typeof activitiesQuerySchema>;

export const activitiesPageSchema = z.object({
  activities: z.array(activitySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  perPage: z.number().int().min(1),
});
export type ActivitiesPage = z.infer<typeof activitiesPageSchema>;
