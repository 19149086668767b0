CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, left(content, 100000))) STORED;--> statement-breakpoint
CREATE INDEX "messages_company_id_search_vector_idx" ON "messages" USING gin ("company_id","search_vector");--> statement-breakpoint
CREATE INDEX "conversations_company_id_test_idx" ON "conversations" USING btree ("company_id") WHERE "conversations"."is_test";
