CREATE TABLE "billing_accounts" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"billing_email" text,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"stripe_subscription_item_id" text,
	"subscription_status" text DEFAULT 'none' NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"payment_method_brand" text,
	"payment_method_last4" text,
	"payment_failed_at" timestamp with time zone,
	"payment_failed_invoice_id" text,
	"subscription_event_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_accounts_subscription_status_check" CHECK ("billing_accounts"."subscription_status" in ('none', 'incomplete', 'active', 'past_due', 'unpaid', 'canceled', 'incomplete_expired', 'trialing', 'paused'))
);
--> statement-breakpoint
CREATE TABLE "billing_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"stripe_invoice_id" text,
	"number" text,
	"status" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"lines" jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"hosted_url" text,
	"stripe_pdf_url" text,
	"stripe_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_invoices_status_check" CHECK ("billing_invoices"."status" in ('not_charged', 'draft', 'open', 'paid', 'uncollectible', 'void'))
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"company_id" uuid,
	"payload" jsonb NOT NULL,
	"stripe_created_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "call_turns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"call_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"speaker" text NOT NULL,
	"text" text NOT NULL,
	"confidence" real,
	"message_id" uuid,
	"agent_run_id" uuid,
	"answer_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_turns_call_id_seq_key" UNIQUE("call_id","seq"),
	CONSTRAINT "call_turns_speaker_check" CHECK ("call_turns"."speaker" in ('caller', 'ai', 'system'))
);
--> statement-breakpoint
CREATE TABLE "calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"display_id" integer NOT NULL,
	"phone_number_id" uuid,
	"provider" text NOT NULL,
	"provider_sid" text NOT NULL,
	"direction" text NOT NULL,
	"from_number" text NOT NULL,
	"to_number" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"ai_employee_id" uuid,
	"customer_id" uuid,
	"conversation_id" uuid,
	"placed_by" uuid,
	"is_test" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'en-US' NOT NULL,
	"outcome" text,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"duration_seconds" integer,
	"recording_sid" text,
	"recording_url" text,
	"recording_duration_seconds" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calls_company_id_display_id_key" UNIQUE("company_id","display_id"),
	CONSTRAINT "calls_status_check" CHECK ("calls"."status" in ('queued', 'ringing', 'in_progress', 'completed', 'busy', 'no_answer', 'failed', 'canceled')),
	CONSTRAINT "calls_direction_check" CHECK ("calls"."direction" in ('inbound', 'outbound')),
	CONSTRAINT "calls_outcome_check" CHECK ("calls"."outcome" is null or "calls"."outcome" in ('answered', 'transferred', 'message_taken', 'missed')),
	CONSTRAINT "calls_provider_check" CHECK ("calls"."provider" in ('twilio', 'simulated'))
);
--> statement-breakpoint
CREATE TABLE "call_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"recording_enabled" boolean DEFAULT false NOT NULL,
	"fallback_number" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_numbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_sid" text NOT NULL,
	"e164" text NOT NULL,
	"country_code" text NOT NULL,
	"name" text NOT NULL,
	"locality" text,
	"capabilities" jsonb NOT NULL,
	"ai_employee_id" uuid,
	"status" text DEFAULT 'active' NOT NULL,
	"monthly_cost_cents" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"purchased_by" uuid,
	"purchased_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_numbers_status_check" CHECK ("phone_numbers"."status" in ('active', 'released')),
	CONSTRAINT "phone_numbers_provider_check" CHECK ("phone_numbers"."provider" in ('twilio', 'simulated')),
	CONSTRAINT "phone_numbers_monthly_cost_cents_check" CHECK ("phone_numbers"."monthly_cost_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "customer_identities" DROP CONSTRAINT "customer_identities_kind_check";--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_kind_check";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "phone_number_id" uuid;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_events" ADD CONSTRAINT "stripe_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_turns" ADD CONSTRAINT "call_turns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_turns" ADD CONSTRAINT "call_turns_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_phone_number_id_phone_numbers_id_fk" FOREIGN KEY ("phone_number_id") REFERENCES "public"."phone_numbers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_ai_employee_id_ai_employees_id_fk" FOREIGN KEY ("ai_employee_id") REFERENCES "public"."ai_employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_placed_by_users_id_fk" FOREIGN KEY ("placed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_settings" ADD CONSTRAINT "call_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD CONSTRAINT "phone_numbers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD CONSTRAINT "phone_numbers_ai_employee_id_ai_employees_id_fk" FOREIGN KEY ("ai_employee_id") REFERENCES "public"."ai_employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD CONSTRAINT "phone_numbers_purchased_by_users_id_fk" FOREIGN KEY ("purchased_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_accounts_stripe_customer_id_key" ON "billing_accounts" USING btree ("stripe_customer_id") WHERE "billing_accounts"."stripe_customer_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_stripe_invoice_id_key" ON "billing_invoices" USING btree ("stripe_invoice_id") WHERE "billing_invoices"."stripe_invoice_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_company_id_period_start_computed_key" ON "billing_invoices" USING btree ("company_id","period_start") WHERE "billing_invoices"."stripe_invoice_id" is null;--> statement-breakpoint
CREATE INDEX "billing_invoices_company_id_period_start_idx" ON "billing_invoices" USING btree ("company_id","period_start" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "calls_provider_sid_key" ON "calls" USING btree ("provider","provider_sid");--> statement-breakpoint
CREATE INDEX "calls_company_id_started_at_idx" ON "calls" USING btree ("company_id","started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "calls_conversation_id_idx" ON "calls" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "phone_numbers_company_id_purchased_at_idx" ON "phone_numbers" USING btree ("company_id","purchased_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "phone_numbers_e164_active_key" ON "phone_numbers" USING btree ("e164") WHERE "phone_numbers"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "phone_numbers_provider_sid_key" ON "phone_numbers" USING btree ("provider","provider_sid");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_phone_number_id_phone_numbers_id_fk" FOREIGN KEY ("phone_number_id") REFERENCES "public"."phone_numbers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_phone_number_id_customer_id_idx" ON "conversations" USING btree ("phone_number_id","customer_id");--> statement-breakpoint
ALTER TABLE "customer_identities" ADD CONSTRAINT "customer_identities_kind_check" CHECK ("customer_identities"."kind" in ('whatsapp', 'phone'));--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_kind_check" CHECK ("jobs"."kind" in ('agent_reply', 'webhook_delivery', 'knowledge_index', 'whatsapp_send', 'whatsapp_media', 'mail_send', 'email_receive', 'notification_mail', 'daily_digest', 'retention_sweep', 'data_export', 'company_purge', 'call_simulation', 'billing_sync', 'stripe_event'));