CREATE TABLE "website_chat_visitors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"website_chat_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"origin" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "website_chat_visitors_token_hash_check" CHECK (length("website_chat_visitors"."token_hash") = 64)
);
--> statement-breakpoint
CREATE TABLE "website_chats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"key" text NOT NULL,
	"ai_employee_id" uuid,
	"department_id" uuid,
	"allowed_origins" text[] DEFAULT '{}'::text[] NOT NULL,
	"greeting" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '#4F46E5' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "getting_started_dismissed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "website_chat_id" uuid;--> statement-breakpoint
ALTER TABLE "website_chat_visitors" ADD CONSTRAINT "website_chat_visitors_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_chat_visitors" ADD CONSTRAINT "website_chat_visitors_website_chat_id_website_chats_id_fk" FOREIGN KEY ("website_chat_id") REFERENCES "public"."website_chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_chat_visitors" ADD CONSTRAINT "website_chat_visitors_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_chats" ADD CONSTRAINT "website_chats_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_chats" ADD CONSTRAINT "website_chats_ai_employee_id_ai_employees_id_fk" FOREIGN KEY ("ai_employee_id") REFERENCES "public"."ai_employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_chats" ADD CONSTRAINT "website_chats_department_id_ai_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."ai_departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_chats" ADD CONSTRAINT "website_chats_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "website_chat_visitors_token_hash_key" ON "website_chat_visitors" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "website_chat_visitors_website_chat_id_idx" ON "website_chat_visitors" USING btree ("website_chat_id");--> statement-breakpoint
CREATE UNIQUE INDEX "website_chats_key_key" ON "website_chats" USING btree ("key");--> statement-breakpoint
CREATE INDEX "website_chats_company_id_created_at_idx" ON "website_chats" USING btree ("company_id","created_at");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_website_chat_id_website_chats_id_fk" FOREIGN KEY ("website_chat_id") REFERENCES "public"."website_chats"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_website_chat_id_customer_id_idx" ON "conversations" USING btree ("website_chat_id","customer_id");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_language_check" CHECK ("companies"."language" in ('en', 'es'));--> statement-breakpoint
-- Every company gets each of the five departments it lacks (a kind is present when a department's name
-- matches one of its synonyms in either direction, case and accents folded: the contract's
-- matchDepartmentKind), named in the company's language, in the spec's order.
INSERT INTO "ai_departments" ("company_id", "name", "sort_order", "is_active", "avatar_url")
SELECT c."id", CASE WHEN c."language" = 'es' THEN k."name_es" ELSE k."name_en" END, k."sort_order", false, '/aiEmployees/' || k."kind" || '.svg'
FROM "companies" c
CROSS JOIN (VALUES
  ('sales', 'Sales', 'Ventas', 1, ARRAY['sales', 'ventas', 'venta']),
  ('retention', 'Retention', 'Retención', 2, ARRAY['retention', 'retencion', 'retain']),
  ('support', 'Support', 'Soporte', 3, ARRAY['support', 'soporte', 'help', 'ayuda']),
  ('collections', 'Collections', 'Cobranza', 4, ARRAY['collections', 'cobranza', 'cobranzas']),
  ('analytics', 'Analytics', 'Analítica', 5, ARRAY['analytics', 'analitica', 'data', 'analyst'])
) AS k("kind", "name_en", "name_es", "sort_order", "synonyms")
WHERE NOT EXISTS (
  SELECT 1 FROM "ai_departments" d, unnest(k."synonyms") AS s("word")
  WHERE d."company_id" = c."id"
    AND btrim(d."name") <> ''
    AND (
      position(s."word" in translate(lower(btrim(d."name")), 'áéíóúüñ', 'aeiouun')) > 0
      OR position(translate(lower(btrim(d."name")), 'áéíóúüñ', 'aeiouun') in s."word") > 0
    )
);
