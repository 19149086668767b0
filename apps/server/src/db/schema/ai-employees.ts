import { AI_EMPLOYEE_STATUSES, CONTACT_CHANNELS, type HumanApprovalAction } from "@foreman/contract";
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";
import { aiDepartments } from "./departments.ts";

// The AI employees (modules/ai-employees): who they are, their guardrails, and where they answer.

export const aiEmployees = pgTable(
  "ai_employees",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    departmentId: uuid("department_id")
      .notNull()
      .references(() => aiDepartments.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    role: text("role").notNull(),
    status: text("status", { enum: AI_EMPLOYEE_STATUSES }).notNull().default("active"),
    avatarUrl: text("avatar_url"),
    /** ISO 639-1 codes. */
    languages: text("languages").array().notNull().default(sql`'{en}'::text[]`),
    persona: text("persona").notNull().default(""),
    instructions: text("instructions").notNull().default(""),
    // Guardrails: what it may do without a human.
    maxDiscountPercent: numeric("max_discount_percent", { precision: 5, scale: 2, mode: "number" })
      .notNull()
      .default(0),
    maxOrderTotalCents: bigint("max_order_total_cents", { mode: "number" }).notNull().default(0),
    actionsRequiringHuman: text("actions_requiring_human")
      .array()
      .$type<HumanApprovalAction[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
  },
  (t) => [
    index("ai_employees_company_id_idx").on(t.companyId),
    index("ai_employees_department_id_idx").on(t.departmentId),
    check("ai_employees_status_check", sql`${t.status} in ('active', 'inactive')`),
    check("ai_employees_max_discount_check", sql`${t.maxDiscountPercent} between 0 and 100`),
    check("ai_employees_max_order_total_check", sql`${t.maxOrderTotalCents} >= 0`),
  ],
);

/** Where an employee answers: one address on one channel, answered by one employee per company. */
export const aiEmployeeContactPoints = pgTable(
  "ai_employee_contact_points",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    aiEmployeeId: uuid("ai_employee_id")
      .notNull()
      .references(() => aiEmployees.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: CONTACT_CHANNELS }).notNull(),
    address: text("address").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    uniqueIndex("ai_employee_contact_points_address_idx").on(t.companyId, t.channel, t.address),
    index("ai_employee_contact_points_employee_idx").on(t.aiEmployeeId),
  ],
);
