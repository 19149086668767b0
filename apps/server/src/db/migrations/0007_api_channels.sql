CREATE TABLE "api_channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"ai_employee_id" uuid,
	"webhook_url" text,
	"token_hash" text NOT NULL,
	"token_prefix" text NOT NULL,
	"webhook_secret" text NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_channels_token_hash_check" CHECK (length("api_channels"."token_hash") = 64)
);
--> statement-breakpoint
ALTER TABLE "api_channels" ADD CONSTRAINT "api_channels_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_channels" ADD CONSTRAINT "api_channels_ai_employee_id_ai_employees_id_fk" FOREIGN KEY ("ai_employee_id") REFERENCES "public"."ai_employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_channels" ADD CONSTRAINT "api_channels_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_channels_token_hash_key" ON "api_channels" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_channels_company_id_created_at_idx" ON "api_channels" USING btree ("company_id","created_at");