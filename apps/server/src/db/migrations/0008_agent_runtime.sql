CREATE TABLE "agent_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"inbound_message_id" uuid NOT NULL,
	"ai_employee_id" uuid,
	"reply_message_id" uuid,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"outcome" text NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"model_calls" integer DEFAULT 0 NOT NULL,
	"prompt_tokens" integer DEFAULT 0 NOT NULL,
	"completion_tokens" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_runs_inbound_message_id_key" UNIQUE("inbound_message_id"),
	CONSTRAINT "agent_runs_outcome_check" CHECK ("agent_runs"."outcome" in ('replied', 'waiting', 'handed_off', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "channel_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"api_channel_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_contacts_api_channel_id_external_id_key" UNIQUE("api_channel_id","external_id")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_kind_subject_id_key" UNIQUE("kind","subject_id"),
	CONSTRAINT "jobs_kind_check" CHECK ("jobs"."kind" in ('agent_reply', 'webhook_delivery')),
	CONSTRAINT "jobs_state_check" CHECK ("jobs"."state" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "quotes" DROP CONSTRAINT "quotes_money_check";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "api_channel_id" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "api_channel_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "reply_to_message_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "agent_run_id" uuid;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "discount_percent" numeric(5, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "source_message_id" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "request" jsonb;--> statement-breakpoint
ALTER TABLE "agent_runs" ADD CONSTRAINT "agent_runs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_runs" ADD CONSTRAINT "agent_runs_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_runs" ADD CONSTRAINT "agent_runs_inbound_message_id_messages_id_fk" FOREIGN KEY ("inbound_message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_runs" ADD CONSTRAINT "agent_runs_ai_employee_id_ai_employees_id_fk" FOREIGN KEY ("ai_employee_id") REFERENCES "public"."ai_employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_contacts" ADD CONSTRAINT "channel_contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_contacts" ADD CONSTRAINT "channel_contacts_api_channel_id_api_channels_id_fk" FOREIGN KEY ("api_channel_id") REFERENCES "public"."api_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_contacts" ADD CONSTRAINT "channel_contacts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_runs_company_id_finished_at_idx" ON "agent_runs" USING btree ("company_id","finished_at");--> statement-breakpoint
CREATE INDEX "jobs_state_run_after_idx" ON "jobs" USING btree ("state","run_after");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_api_channel_id_api_channels_id_fk" FOREIGN KEY ("api_channel_id") REFERENCES "public"."api_channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_api_channel_id_api_channels_id_fk" FOREIGN KEY ("api_channel_id") REFERENCES "public"."api_channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_api_channel_id_customer_id_idx" ON "conversations" USING btree ("api_channel_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_api_channel_id_external_id_key" ON "messages" USING btree ("api_channel_id","external_id") WHERE "messages"."external_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_reply_to_message_id_key" ON "messages" USING btree ("reply_to_message_id") WHERE "messages"."reply_to_message_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_source_message_id_action_type_key" ON "tasks" USING btree ("source_message_id","action_type") WHERE "tasks"."source_message_id" is not null;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_discount_percent_check" CHECK ("quotes"."discount_percent" between 0 and 100);--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_money_check" CHECK ("quotes"."subtotal_cents" >= 0 and "quotes"."tax_cents" >= 0 and "quotes"."discount_cents" between 0 and "quotes"."subtotal_cents" and "quotes"."total_cents" = "quotes"."subtotal_cents" - "quotes"."discount_cents" + "quotes"."tax_cents");