DROP INDEX "tasks_company_id_state_created_at_idx";--> statement-breakpoint
DROP INDEX "tasks_company_id_updated_at_idx";--> statement-breakpoint
CREATE INDEX "tasks_company_id_created_at_idx" ON "tasks" USING btree ("company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tasks_company_id_state_created_at_idx" ON "tasks" USING btree ("company_id","state","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tasks_company_id_updated_at_idx" ON "tasks" USING btree ("company_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);