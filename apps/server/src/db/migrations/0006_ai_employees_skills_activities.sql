CREATE TABLE "activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_type" text NOT NULL,
	"actor_user_id" uuid,
	"actor_ai_employee_id" uuid,
	"actor_name" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"summary" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_actor_type_check" CHECK ("activities"."actor_type" in ('user', 'ai_employee', 'system'))
);
--> statement-breakpoint
CREATE TABLE "ai_employee_contact_points" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"ai_employee_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_employee_skills" (
	"ai_employee_id" uuid NOT NULL,
	"skill_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	CONSTRAINT "ai_employee_skills_ai_employee_id_skill_id_pk" PRIMARY KEY("ai_employee_id","skill_id")
);
--> statement-breakpoint
CREATE TABLE "skills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_employees" ADD COLUMN "languages" text[] DEFAULT '{en}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_employees" ADD COLUMN "persona" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_employees" ADD COLUMN "instructions" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_employees" ADD COLUMN "max_discount_percent" numeric(5, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_employees" ADD COLUMN "max_order_total_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_employees" ADD COLUMN "actions_requiring_human" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_employees" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_employees" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_actor_ai_employee_id_ai_employees_id_fk" FOREIGN KEY ("actor_ai_employee_id") REFERENCES "public"."ai_employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_employee_contact_points" ADD CONSTRAINT "ai_employee_contact_points_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_employee_contact_points" ADD CONSTRAINT "ai_employee_contact_points_ai_employee_id_ai_employees_id_fk" FOREIGN KEY ("ai_employee_id") REFERENCES "public"."ai_employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_employee_skills" ADD CONSTRAINT "ai_employee_skills_ai_employee_id_ai_employees_id_fk" FOREIGN KEY ("ai_employee_id") REFERENCES "public"."ai_employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_employee_skills" ADD CONSTRAINT "ai_employee_skills_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_employee_skills" ADD CONSTRAINT "ai_employee_skills_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skills" ADD CONSTRAINT "skills_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_company_created_idx" ON "activities" USING btree ("company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activities_company_subject_idx" ON "activities" USING btree ("company_id","subject_type","subject_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activities_company_actor_user_idx" ON "activities" USING btree ("company_id","actor_user_id");--> statement-breakpoint
CREATE INDEX "activities_company_actor_ai_idx" ON "activities" USING btree ("company_id","actor_ai_employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_employee_contact_points_address_idx" ON "ai_employee_contact_points" USING btree ("company_id","channel","address");--> statement-breakpoint
CREATE INDEX "ai_employee_contact_points_employee_idx" ON "ai_employee_contact_points" USING btree ("ai_employee_id");--> statement-breakpoint
CREATE INDEX "ai_employee_skills_skill_idx" ON "ai_employee_skills" USING btree ("skill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "skills_company_id_name_idx" ON "skills" USING btree ("company_id",lower("name"));--> statement-breakpoint
ALTER TABLE "ai_employees" ADD CONSTRAINT "ai_employees_max_discount_check" CHECK ("ai_employees"."max_discount_percent" between 0 and 100);--> statement-breakpoint
ALTER TABLE "ai_employees" ADD CONSTRAINT "ai_employees_max_order_total_check" CHECK ("ai_employees"."max_order_total_cents" >= 0);