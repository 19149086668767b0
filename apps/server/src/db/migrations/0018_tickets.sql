CREATE TABLE "ticket_followers" (
	"ticket_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_followers_ticket_id_user_id_pk" PRIMARY KEY("ticket_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"subject" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"type" text DEFAULT 'question' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"source" text DEFAULT 'web' NOT NULL,
	"customer_id" uuid,
	"conversation_id" uuid,
	"order_id" uuid,
	"ai_employee_id" uuid,
	"assignee_user_id" uuid,
	"assignee_ai_employee_id" uuid,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by_type" text NOT NULL,
	"created_by_user_id" uuid,
	"created_by_ai_employee_id" uuid,
	"created_by_name" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "tickets_company_id_number_key" UNIQUE("company_id","number"),
	CONSTRAINT "tickets_priority_check" CHECK ("tickets"."priority" in ('low', 'medium', 'high')),
	CONSTRAINT "tickets_type_check" CHECK ("tickets"."type" in ('incident', 'problem', 'question', 'suggestion')),
	CONSTRAINT "tickets_status_check" CHECK ("tickets"."status" in ('open', 'closed')),
	CONSTRAINT "tickets_source_check" CHECK ("tickets"."source" in ('email', 'web', 'phone', 'whatsapp', 'sms')),
	CONSTRAINT "tickets_created_by_type_check" CHECK ("tickets"."created_by_type" in ('user', 'ai_employee', 'system')),
	CONSTRAINT "tickets_one_assignee_check" CHECK ("tickets"."assignee_user_id" is null or "tickets"."assignee_ai_employee_id" is null),
	CONSTRAINT "tickets_closed_at_check" CHECK (("tickets"."status" = 'closed') = ("tickets"."closed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "ticket_followers" ADD CONSTRAINT "ticket_followers_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_followers" ADD CONSTRAINT "ticket_followers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_followers" ADD CONSTRAINT "ticket_followers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_order_id_quotes_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_ai_employee_id_ai_employees_id_fk" FOREIGN KEY ("ai_employee_id") REFERENCES "public"."ai_employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_assignee_ai_employee_id_ai_employees_id_fk" FOREIGN KEY ("assignee_ai_employee_id") REFERENCES "public"."ai_employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_created_by_ai_employee_id_ai_employees_id_fk" FOREIGN KEY ("created_by_ai_employee_id") REFERENCES "public"."ai_employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_followers_user_id_idx" ON "ticket_followers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tickets_company_id_created_at_idx" ON "tickets" USING btree ("company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_company_id_status_created_at_idx" ON "tickets" USING btree ("company_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"priority","type","source","assignee_user_id","assignee_ai_employee_id");--> statement-breakpoint
CREATE INDEX "tickets_company_id_assignee_user_idx" ON "tickets" USING btree ("company_id","assignee_user_id");--> statement-breakpoint
CREATE INDEX "tickets_company_id_assignee_ai_idx" ON "tickets" USING btree ("company_id","assignee_ai_employee_id");--> statement-breakpoint
CREATE INDEX "tickets_customer_id_idx" ON "tickets" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "tickets_conversation_id_idx" ON "tickets" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "tickets_order_id_idx" ON "tickets" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "tickets_ai_employee_id_idx" ON "tickets" USING btree ("ai_employee_id");