import { CHANNELS, LEAD_STAGES } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { aiEmployees } from "./ai-employees.ts";
import { customers } from "./channels.ts";
import { companyId, createdAt, currency } from "./columns.ts";
import { conversations } from "./conversations.ts";

// Leads (modules/sales counts them): who may buy, and how far they got. Stages are text + check (not
// pg enums) so a new value is a plain migration.

export const leads = pgTable(
  "leads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    stage: text("stage", { enum: LEAD_STAGES }).notNull().default("new"),
    source: text("source").notNull(),
    channel: text("channel", { enum: CHANNELS }).notNull(),
    personName: text("person_name").notNull(),
    companyName: text("company_name"),
    need: text("need"),
    dealSizeCents: integer("deal_size_cents").notNull().default(0),
    currency: currency(),
    aiEmployeeId: uuid("ai_employee_id").references(() => aiEmployees.id, { onDelete: "set null" }),
    conversationId: uuid("conversation_id").references(() => conversations.id, { onDelete: "set null" }),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    qualifiedAt: timestamp("qualified_at", { withTimezone: true }),
    wonAt: timestamp("won_at", { withTimezone: true }),
  },
  (t) => [
    // Indicators count a period's leads by stage, outcomes by AI employee: trailing key columns make both
    // index-only.
    index("leads_company_id_created_at_idx").on(t.companyId, t.createdAt, t.stage, t.aiEmployeeId),
    // The breakdown filtered by stage, newest first.
    index("leads_company_id_stage_created_at_idx").on(t.companyId, t.stage, t.createdAt),
    // A conversation's lead (the inbox and conversation pages look it up per conversation).
    index("leads_conversation_id_idx").on(t.conversationId),
    check("leads_stage_check", sql`${t.stage} in ('new', 'qualified', 'quoted', 'following_up', 'won', 'lost')`),
    check("leads_deal_size_cents_check", sql`${t.dealSizeCents} >= 0`),
  ],
);

export type Lead = typeof leads.$inferSelect;
