import {
  ONBOARDING_STEPS,
  TEMPLATE_CATEGORIES,
  TEMPLATE_STATUSES,
  type TemplateVariable,
  WHATSAPP_CONNECTION_STATES,
  WHATSAPP_QUALITIES,
} from "@foreman/contract";
import { sql } from "drizzle-orm";
import { boolean, check, index, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { aiEmployees } from "./ai-employees.ts";
import { companyId, createdAt, inList } from "./columns.ts";
import { aiDepartments } from "./departments.ts";

// WhatsApp (modules/whatsapp/README.md): a company's number connected by Meta's embedded signup, and
// the message templates of its WhatsApp Business Account.

/**
 * One per company. The business token is stored encrypted (lib/secret-box.ts) and forgotten on
 * disconnect; the row stays, so a reconnect keeps who answers the number.
 */
export const whatsappConnections = pgTable(
  "whatsapp_connections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    state: text("state", { enum: WHATSAPP_CONNECTION_STATES }).notNull(),
    step: text("step", { enum: ONBOARDING_STEPS }),
    error: text("error"),
    wabaId: text("waba_id").notNull(),
    businessId: text("business_id"),
    phoneNumberId: text("phone_number_id").notNull(),
    displayPhoneNumber: text("display_phone_number"),
    verifiedName: text("verified_name"),
    quality: text("quality", { enum: WHATSAPP_QUALITIES }).notNull().default("unknown"),
    verified: boolean("verified").notNull().default(false),
    metaStatus: text("meta_status"),
    accessTokenSealed: text("access_token_sealed"),
    // The number's two-step verification PIN set when we registered it, needed to register it again.
    pinSealed: text("pin_sealed"),
    registeredAt: timestamp("registered_at", { withTimezone: true }),
    subscribedAt: timestamp("subscribed_at", { withTimezone: true }),
    templatesSyncedAt: timestamp("templates_synced_at", { withTimezone: true }),
    lastWebhookAt: timestamp("last_webhook_at", { withTimezone: true }),
    connectedAt: timestamp("connected_at", { withTimezone: true }),
    aiEmployeeId: uuid("ai_employee_id").references(() => aiEmployees.id, { onDelete: "set null" }),
    departmentId: uuid("department_id").references(() => aiDepartments.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("whatsapp_connections_company_id_key").on(t.companyId),
    // A number answers for one company only: a webhook for it can never write into another.
    uniqueIndex("whatsapp_connections_phone_number_id_key").on(t.phoneNumberId),
    check("whatsapp_connections_state_check", sql`${t.state} in (${inList(WHATSAPP_CONNECTION_STATES)})`),
    check("whatsapp_connections_step_check", sql`${t.step} is null or ${t.step} in (${inList(ONBOARDING_STEPS)})`),
    check("whatsapp_connections_quality_check", sql`${t.quality} in (${inList(WHATSAPP_QUALITIES)})`),
  ],
);

export const whatsappTemplates = pgTable(
  "whatsapp_templates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    metaTemplateId: text("meta_template_id"),
    name: text("name").notNull(),
    language: text("language").notNull(),
    category: text("category", { enum: TEMPLATE_CATEGORIES }).notNull(),
    status: text("status", { enum: TEMPLATE_STATUSES }).notNull(),
    headerText: text("header_text"),
    body: text("body").notNull(),
    footerText: text("footer_text"),
    // How each {{n}} is filled when sent (ours; Meta keeps only the examples).
    variables: jsonb("variables").$type<TemplateVariable[]>().notNull().default([]),
    rejectionReason: text("rejection_reason"),
    syncedAt: timestamp("synced_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("whatsapp_templates_company_id_name_language_key").on(t.companyId, t.name, t.language),
    uniqueIndex("whatsapp_templates_company_id_meta_template_id_key")
      .on(t.companyId, t.metaTemplateId)
      .where(sql`${t.metaTemplateId} is not null`),
    index("whatsapp_templates_company_id_name_idx").on(t.companyId, t.name),
    check("whatsapp_templates_status_check", sql`${t.status} in (${inList(TEMPLATE_STATUSES)})`),
    check("whatsapp_templates_category_check", sql`${t.category} in (${inList(TEMPLATE_CATEGORIES)})`),
  ],
);

export type WhatsappConnectionRow = typeof whatsappConnections.$inferSelect;
export type WhatsappTemplateRow = typeof whatsappTemplates.$inferSelect;
