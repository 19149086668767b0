CREATE TABLE "email_channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"inbound_local" text NOT NULL,
	"from_address" text,
	"ai_employee_id" uuid,
	"department_id" uuid,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_channels_inbound_local_check" CHECK ("email_channels"."inbound_local" ~ '^[a-z0-9][a-z0-9.-]{2,63}$')
);
--> statement-breakpoint
CREATE TABLE "inbound_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"email_channel_id" uuid,
	"header_message_id" text NOT NULL,
	"transport" text NOT NULL,
	"envelope_from" text,
	"recipient" text NOT NULL,
	"raw" "bytea" NOT NULL,
	"byte_size" integer NOT NULL,
	"state" text DEFAULT 'received' NOT NULL,
	"error" text,
	"message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_emails_transport_check" CHECK ("inbound_emails"."transport" in ('smtp', 'webhook')),
	CONSTRAINT "inbound_emails_state_check" CHECK ("inbound_emails"."state" in ('received', 'stored', 'ignored', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_kind_check";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "email_channel_id" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "email_reply_token" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "email_message_id" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "email" jsonb;--> statement-breakpoint
ALTER TABLE "outbound_mails" ADD COLUMN "conversation_message_id" uuid;--> statement-breakpoint
ALTER TABLE "email_channels" ADD CONSTRAINT "email_channels_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_channels" ADD CONSTRAINT "email_channels_ai_employee_id_ai_employees_id_fk" FOREIGN KEY ("ai_employee_id") REFERENCES "public"."ai_employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_channels" ADD CONSTRAINT "email_channels_department_id_ai_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."ai_departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_channels" ADD CONSTRAINT "email_channels_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_emails" ADD CONSTRAINT "inbound_emails_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_emails" ADD CONSTRAINT "inbound_emails_email_channel_id_email_channels_id_fk" FOREIGN KEY ("email_channel_id") REFERENCES "public"."email_channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_emails" ADD CONSTRAINT "inbound_emails_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_channels_inbound_local_key" ON "email_channels" USING btree ("inbound_local");--> statement-breakpoint
CREATE INDEX "email_channels_company_id_created_at_idx" ON "email_channels" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_emails_company_id_header_message_id_key" ON "inbound_emails" USING btree ("company_id","header_message_id");--> statement-breakpoint
CREATE INDEX "inbound_emails_message_id_idx" ON "inbound_emails" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "inbound_emails_company_id_received_at_idx" ON "inbound_emails" USING btree ("company_id","created_at");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_email_channel_id_email_channels_id_fk" FOREIGN KEY ("email_channel_id") REFERENCES "public"."email_channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_mails" ADD CONSTRAINT "outbound_mails_conversation_message_id_messages_id_fk" FOREIGN KEY ("conversation_message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_email_channel_id_idx" ON "conversations" USING btree ("email_channel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_email_reply_token_key" ON "conversations" USING btree ("email_reply_token") WHERE "conversations"."email_reply_token" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_company_id_email_message_id_key" ON "messages" USING btree ("company_id","email_message_id") WHERE "messages"."email_message_id" is not null;--> statement-breakpoint
CREATE INDEX "outbound_mails_conversation_message_id_idx" ON "outbound_mails" USING btree ("conversation_message_id");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_kind_check" CHECK ("jobs"."kind" in ('agent_reply', 'webhook_delivery', 'knowledge_index', 'whatsapp_send', 'whatsapp_media', 'mail_send', 'email_receive'));