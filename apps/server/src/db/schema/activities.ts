import { ACTIVITY_KINDS, ACTIVITY_SUBJECT_TYPES, ACTOR_TYPES } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { aiEmployees } from "./ai-employees.ts";
import { users } from "./auth.ts";
import { companies } from "./companies.ts";

/**
 * The company's append-only activity log (modules/activities). Rows are only ever inserted: the
 * actor's name is copied in, so the log still reads right after a person or an employee is renamed.
 */
export const activities = pgTable(
  "activities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ACTIVITY_KINDS }).notNull(),
    actorType: text("actor_type", { enum: ACTOR_TYPES }).notNull(),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorAiEmployeeId: uuid("actor_ai_employee_id").references(() => aiEmployees.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    subjectType: text("subject_type", { enum: ACTIVITY_SUBJECT_TYPES }).notNull(),
    subjectId: uuid("subject_id").notNull(),
    summary: text("summary").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("activities_company_created_idx").on(t.companyId, t.createdAt.desc(), t.id.desc()),
    index("activities_company_subject_idx").on(t.companyId, t.subjectType, t.subjectId, t.createdAt.desc()),
    index("activities_company_actor_user_idx").on(t.companyId, t.actorUserId),
    index("activities_company_actor_ai_idx").on(t.companyId, t.actorAiEmployeeId),
    check("activities_actor_type_check", sql`${t.actorType} in ('user', 'ai_employee', 'system')`),
  ],
);
