ALTER TABLE "skills" ADD COLUMN "tools" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Before this migration every AI employee could use every tool. Keep it so: each company gets the
-- standard skills with their tools (an existing skill of the same name gains them), and every
-- employee gets all four. The training centre then turns them off where they do not belong.
INSERT INTO "skills" ("company_id", "name", "description", "tools")
SELECT c."id", s."name", s."description", s."tools"
FROM "companies" c
CROSS JOIN (VALUES
  ('Product catalog', 'Knows the catalog, prices and stock, and suggests alternatives.', ARRAY['find_products']::text[]),
  ('Quoting', 'Builds quotes from the catalog, sends them and confirms orders within its limits.', ARRAY['upsert_quote','send_quote','confirm_order','update_lead_stage','request_authorization']::text[]),
  ('Order tracking', 'Looks up orders and tells customers where theirs is.', ARRAY['find_orders']::text[]),
  ('Human handoff', 'Hands the conversation to staff or another department when it should.', ARRAY['hand_off']::text[])
) AS s("name", "description", "tools")
ON CONFLICT ("company_id", lower("name")) DO UPDATE SET "tools" = excluded."tools";
--> statement-breakpoint
INSERT INTO "ai_employee_skills" ("ai_employee_id", "skill_id", "company_id")
SELECT e."id", s."id", e."company_id"
FROM "ai_employees" e
JOIN "skills" s ON s."company_id" = e."company_id" AND cardinality(s."tools") > 0
ON CONFLICT DO NOTHING;
