CREATE TABLE "outbound_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"message_id" text NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"smtp_response" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbound_mails_state_check" CHECK ("outbound_mails"."state" in ('queued', 'sent', 'kept', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_kind_check";--> statement-breakpoint
ALTER TABLE "outbound_mails" ADD CONSTRAINT "outbound_mails_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbound_mails_company_id_created_at_idx" ON "outbound_mails" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_kind_check" CHECK ("jobs"."kind" in ('agent_reply', 'webhook_delivery', 'knowledge_index', 'whatsapp_send', 'whatsapp_media', 'mail_send'));