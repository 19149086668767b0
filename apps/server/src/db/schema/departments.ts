import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";

export const aiDepartments = pgTable(
  "ai_departments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    isActive: boolean("is_active").notNull().default(false),
    avatarUrl: text("avatar_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ai_departments_company_id_name_idx").on(t.companyId, t.name)],
);

export const AI_EMPLOYEE_STATUSES = ["active", "inactive"] as const;

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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ai_employees_company_id_idx").on(t.companyId),
    index("ai_employees_department_id_idx").on(t.departmentId),
    check("ai_employees_status_check", sql`${t.status} in ('active', 'inactive')`),
  ],
);
