CREATE TABLE "whatsapp_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"state" text NOT NULL,
	"step" text,
	"error" text,
	"waba_id" text NOT NULL,
	"business_id" text,
	"phone_number_id" text NOT NULL,
	"display_phone_number" text,
	"verified_name" text,
	"quality" text DEFAULT 'unknown' NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"meta_status" text,
	"access_token_sealed" text,
	"pin_sealed" text,
	"registered_at" timestamp with time zone,
	"subscribed_at" timestamp with time zone,
	"templates_synced_at" timestamp with time zone,
	"last_webhook_at" timestamp with time zone,
	"connected_at" timestamp with time zone,
	"ai_employee_id" uuid,
	"department_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_connections_company_id_key" UNIQUE("company_id"),
	CONSTRAINT "whatsapp_connections_state_check" CHECK ("whatsapp_connections"."state" in ('connected', 'disconnected', 'connecting', 'disconnecting', 'setting_up', 'verifying')),
	CONSTRAINT "whatsapp_connections_step_check" CHECK ("whatsapp_connections"."step" is null or "whatsapp_connections"."step" in ('token', 'scopes', 'phone_number', 'register', 'subscribe', 'templates')),
	CONSTRAINT "whatsapp_connections_quality_check" CHECK ("whatsapp_connections"."quality" in ('green', 'yellow', 'red', 'unknown'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"meta_template_id" text,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"category" text NOT NULL,
	"status" text NOT NULL,
	"header_text" text,
	"body" text NOT NULL,
	"footer_text" text,
	"variables" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rejection_reason" text,
	"synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_templates_company_id_name_language_key" UNIQUE("company_id","name","language"),
	CONSTRAINT "whatsapp_templates_status_check" CHECK ("whatsapp_templates"."status" in ('active', 'pending_review', 'rejected', 'draft', 'paused', 'disabled')),
	CONSTRAINT "whatsapp_templates_category_check" CHECK ("whatsapp_templates"."category" in ('utility', 'marketing', 'authentication'))
);
--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_kind_check";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "whatsapp_connection_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "whatsapp_message_id" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "delivery_status" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "delivery_error_code" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "delivery_error" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "whatsapp" jsonb;--> statement-breakpoint
ALTER TABLE "whatsapp_connections" ADD CONSTRAINT "whatsapp_connections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_connections" ADD CONSTRAINT "whatsapp_connections_ai_employee_id_ai_employees_id_fk" FOREIGN KEY ("ai_employee_id") REFERENCES "public"."ai_employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_connections" ADD CONSTRAINT "whatsapp_connections_department_id_ai_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."ai_departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ADD CONSTRAINT "whatsapp_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_connections_phone_number_id_key" ON "whatsapp_connections" USING btree ("phone_number_id");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_templates_company_id_meta_template_id_key" ON "whatsapp_templates" USING btree ("company_id","meta_template_id") WHERE "whatsapp_templates"."meta_template_id" is not null;--> statement-breakpoint
CREATE INDEX "whatsapp_templates_company_id_name_idx" ON "whatsapp_templates" USING btree ("company_id","name");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_whatsapp_connection_id_whatsapp_connections_id_fk" FOREIGN KEY ("whatsapp_connection_id") REFERENCES "public"."whatsapp_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_whatsapp_connection_id_customer_id_idx" ON "conversations" USING btree ("whatsapp_connection_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_whatsapp_message_id_key" ON "messages" USING btree ("whatsapp_message_id") WHERE "messages"."whatsapp_message_id" is not null;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_kind_check" CHECK ("jobs"."kind" in ('agent_reply', 'webhook_delivery', 'knowledge_index', 'whatsapp_send', 'whatsapp_media'));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_delivery_status_check" CHECK ("messages"."delivery_status" is null or "messages"."delivery_status" in ('pending', 'sent', 'delivered', 'read', 'failed'));