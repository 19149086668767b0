CREATE TABLE "sign_in_trusted_addresses" (
	"account" text NOT NULL,
	"address" text NOT NULL,
	"last_signed_in_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_trusted_addresses_account_address_pk" PRIMARY KEY("account","address")
);
--> statement-breakpoint
CREATE TABLE "customer_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_identities_company_id_kind_value_key" UNIQUE("company_id","kind","value"),
	CONSTRAINT "customer_identities_kind_check" CHECK ("customer_identities"."kind" in ('whatsapp'))
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "members_may_approve" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "outcome_reason" text;--> statement-breakpoint
ALTER TABLE "customer_identities" ADD CONSTRAINT "customer_identities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_identities" ADD CONSTRAINT "customer_identities_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_identities_customer_id_idx" ON "customer_identities" USING btree ("customer_id");--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_outcome_check" CHECK ("tasks"."outcome" is null or "tasks"."outcome" in ('applied', 'changed_since_raised'));--> statement-breakpoint
-- Backfill: a customer WhatsApp already wrote from had their number verified by Meta (the oldest such customer per number, as the webhook matched them).
INSERT INTO "customer_identities" ("company_id", "customer_id", "kind", "value", "verified_at")
SELECT DISTINCT ON (c."company_id", c."phone") c."company_id", c."id", 'whatsapp', c."phone", c."created_at"
FROM "customers" c
WHERE c."phone" ~ '^\+[1-9][0-9]{5,14}$'
  AND EXISTS (SELECT 1 FROM "conversations" v WHERE v."customer_id" = c."id" AND v."whatsapp_connection_id" IS NOT NULL)
ORDER BY c."company_id", c."phone", c."created_at"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Backfill: a WhatsApp number stored before its token was shown to reach it (onboarding stopped at token, scopes or phone_number, never registered nor connected) is released, so its real owner can connect it.
DELETE FROM "whatsapp_connections"
WHERE "connected_at" IS NULL AND "registered_at" IS NULL AND "step" IN ('token', 'scopes', 'phone_number');
--> statement-breakpoint
-- Backfill: order authorizations still waiting, raised before approvals recorded their quote, are bound to the quote as it is now when its total is still the one they asked about. Any other such request is never applied: authorized, it resolves as changed since it was raised.
UPDATE "tasks" t SET "request" = t."request" || jsonb_build_object('quote', jsonb_build_object('version', q."version", 'totalCents', q."total_cents", 'currency', q."currency", 'discountPercent', q."discount_percent"))
FROM "quotes" q
WHERE t."state" = 'to_do' AND t."request"->>'kind' = 'order_total' AND t."request"->'quote' IS NULL
  AND q."id"::text = t."request"->>'quoteId' AND q."company_id" = t."company_id" AND q."total_cents" = (t."request"->>'totalCents')::int;
