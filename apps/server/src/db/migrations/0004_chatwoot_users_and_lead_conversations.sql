ALTER TABLE "users" ADD COLUMN "chatwoot_user_id" integer;--> statement-breakpoint
CREATE INDEX "leads_conversation_id_idx" ON "leads" USING btree ("conversation_id");