import { sql } from "drizzle-orm";
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { aiEmployees } from "./ai-employees.ts";
import { companies } from "./companies.ts";

// A company's skills (modules/skills) and which AI employees have them.

/** A company's skills: what its AI employees can do. Each grants runtime tools (`tools`, by name). */
export const skills = pgTable(
  "skills",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    tools: text("tools").array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("skills_company_id_name_idx").on(t.companyId, sql`lower(${t.name})`)],
);

export const aiEmployeeSkills = pgTable(
  "ai_employee_skills",
  {
    aiEmployeeId: uuid("ai_employee_id")
      .notNull()
      .references(() => aiEmployees.id, { onDelete: "cascade" }),
    skillId: uuid("skill_id")
      .notNull()
      .references(() => skills.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.aiEmployeeId, t.skillId] }), index("ai_employee_skills_skill_idx").on(t.skillId)],
);
