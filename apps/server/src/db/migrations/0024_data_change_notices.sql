-- Data-change notices (docs/decisions/2026-11-28-answer-cache-invalidation.md): every statement that
-- changes a company's rows sends NOTIFY foreman_data with the company's id, once per company per
-- transaction (PostgreSQL folds identical notifications of one transaction), delivered at commit. The
-- answer cache (lib/answer-cache.ts) drops that company's answers when it arrives; '*' drops them all.
-- Statement-level triggers with transition tables: one notification per statement, not per row, and no
-- row of ours is locked or written.
CREATE FUNCTION "foreman_notify_company_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    -- A row moved to another company changes both.
    PERFORM pg_notify('foreman_data', c."company_id"::text)
    FROM (SELECT "company_id" FROM "changed_rows" UNION SELECT "company_id" FROM "old_rows") c
    WHERE c."company_id" IS NOT NULL;
  ELSE
    PERFORM pg_notify('foreman_data', c."company_id"::text)
    FROM (SELECT DISTINCT "company_id" FROM "changed_rows") c
    WHERE c."company_id" IS NOT NULL;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "foreman_notify_companies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('foreman_data', c."id"::text) FROM (SELECT DISTINCT "id" FROM "changed_rows") c;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "foreman_notify_line_items"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('foreman_data', c."company_id"::text)
  FROM (SELECT DISTINCT q."company_id" FROM "changed_rows" r JOIN "quotes" q ON q."id" = r."quote_id") c;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "foreman_notify_delivery_addresses"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('foreman_data', c."company_id"::text)
  FROM (SELECT DISTINCT cu."company_id" FROM "changed_rows" r JOIN "customers" cu ON cu."id" = r."customer_id") c;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Users belong to several companies and change rarely (a profile, two-factor): a changed user drops
-- every answer; so does a TRUNCATE of any table.
CREATE FUNCTION "foreman_notify_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('foreman_data', '*');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "foreman_notify_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A statement fires its trigger even when it changed no row (a two-factor step already spent).
  IF EXISTS (SELECT 1 FROM "changed_rows") THEN
    PERFORM pg_notify('foreman_data', '*');
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DO $$
DECLARE
  t text;
  fn text;
BEGIN
  -- Every table of the schema with a company_id, plus the company-less ones the answers read.
  FOR t, fn IN
    SELECT c."table_name", 'foreman_notify_company_rows'
    FROM information_schema.columns c JOIN information_schema.tables tb
      ON tb."table_schema" = c."table_schema" AND tb."table_name" = c."table_name"
    WHERE c."table_schema" = 'public' AND c."column_name" = 'company_id' AND tb."table_type" = 'BASE TABLE'
    UNION ALL SELECT 'companies', 'foreman_notify_companies'
    UNION ALL SELECT 'line_items', 'foreman_notify_line_items'
    UNION ALL SELECT 'delivery_addresses', 'foreman_notify_delivery_addresses'
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_data_insert', t, fn);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_data_delete', t, fn);
    IF fn = 'foreman_notify_company_rows' THEN
      EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS "changed_rows" OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_data_update', t, fn);
    ELSE
      EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_data_update', t, fn);
    END IF;
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "foreman_notify_all"()', t || '_data_truncate', t);
  END LOOP;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_data_update" AFTER UPDATE ON "users" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "foreman_notify_users"();--> statement-breakpoint
CREATE TRIGGER "users_data_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "foreman_notify_users"();--> statement-breakpoint
CREATE TRIGGER "users_data_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "foreman_notify_all"();
