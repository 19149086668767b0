ALTER TABLE "conversations" ADD COLUMN "first_customer_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "first_reply_at" timestamp with time zone;--> statement-breakpoint
CREATE FUNCTION "conversations_refresh_first_reply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The conversations whose first customer message or first reply the changed messages can move: every
  -- one on a delete; on an insert, those not answered yet or given a message older than their reply.
  UPDATE "conversations" c
  SET "first_customer_message_at" = f."first_customer_at", "first_reply_at" = f."first_reply_at"
  FROM (
    SELECT t."conversation_id" AS "id", fc."at" AS "first_customer_at", fr."at" AS "first_reply_at"
    FROM (SELECT "conversation_id", min("created_at") AS "earliest" FROM "changed_messages" GROUP BY "conversation_id") t
    JOIN "conversations" c2 ON c2."id" = t."conversation_id"
    CROSS JOIN LATERAL (
      SELECT min(m."created_at") AS "at" FROM "messages" m
      WHERE m."conversation_id" = t."conversation_id" AND m."sender_type" = 'customer'
    ) fc
    CROSS JOIN LATERAL (
      SELECT min(m."created_at") AS "at" FROM "messages" m
      WHERE m."conversation_id" = t."conversation_id" AND m."sender_type" <> 'customer' AND m."created_at" >= fc."at"
    ) fr
    WHERE TG_OP = 'DELETE' OR c2."first_reply_at" IS NULL OR t."earliest" < c2."first_reply_at"
  ) f
  WHERE c."id" = f."id"
    AND (c."first_customer_message_at" IS DISTINCT FROM f."first_customer_at" OR c."first_reply_at" IS DISTINCT FROM f."first_reply_at");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "messages_first_reply_insert" AFTER INSERT ON "messages" REFERENCING NEW TABLE AS "changed_messages" FOR EACH STATEMENT EXECUTE FUNCTION "conversations_refresh_first_reply"();--> statement-breakpoint
CREATE TRIGGER "messages_first_reply_delete" AFTER DELETE ON "messages" REFERENCING OLD TABLE AS "changed_messages" FOR EACH STATEMENT EXECUTE FUNCTION "conversations_refresh_first_reply"();--> statement-breakpoint
UPDATE "conversations" c
SET "first_customer_message_at" = f."first_customer_at", "first_reply_at" = f."first_reply_at"
FROM (
  SELECT fc."conversation_id", fc."at" AS "first_customer_at", (
    SELECT min(m."created_at") FROM "messages" m
    WHERE m."conversation_id" = fc."conversation_id" AND m."sender_type" <> 'customer' AND m."created_at" >= fc."at"
  ) AS "first_reply_at"
  FROM (SELECT "conversation_id", min("created_at") AS "at" FROM "messages" WHERE "sender_type" = 'customer' GROUP BY "conversation_id") fc
) f
WHERE c."id" = f."conversation_id";--> statement-breakpoint
CREATE INDEX "conversations_company_id_created_at_idx" ON "conversations" USING btree ("company_id","created_at","ai_employee_id","is_test","first_customer_message_at","first_reply_at");--> statement-breakpoint
DROP INDEX "leads_company_id_created_at_idx";--> statement-breakpoint
CREATE INDEX "leads_company_id_created_at_idx" ON "leads" USING btree ("company_id","created_at","stage","ai_employee_id");--> statement-breakpoint
DROP INDEX "quotes_company_id_created_at_idx";--> statement-breakpoint
CREATE INDEX "quotes_company_id_created_at_idx" ON "quotes" USING btree ("company_id","created_at","is_test","ai_employee_id","state","currency","total_cents");--> statement-breakpoint
DROP INDEX "quotes_company_id_state_created_at_idx";--> statement-breakpoint
CREATE INDEX "quotes_company_id_state_created_at_idx" ON "quotes" USING btree ("company_id","state","created_at","total_cents","currency","customer_id","completed_at","lead_created_at","is_test");
