DROP INDEX "quotes_company_id_state_created_at_idx";--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "lead_created_at" timestamp with time zone;--> statement-breakpoint
-- Existing quotes take their lead's creation time, so the turnaround indicator does not change.
UPDATE "quotes" SET "lead_created_at" = "leads"."created_at" FROM "leads" WHERE "leads"."id" = "quotes"."lead_id";--> statement-breakpoint
CREATE INDEX "quotes_company_id_state_created_at_idx" ON "quotes" USING btree ("company_id","state","created_at","total_cents","currency","customer_id","completed_at","lead_created_at");