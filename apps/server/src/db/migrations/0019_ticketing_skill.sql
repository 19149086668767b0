-- Ticketing joins the standard skills (modules/skills/standard-skills.ts): every existing company gets
-- it, named in its language, granting the ticket tools (a skill it already had by that name gains them
-- and keeps its own), and the AI employees of its support department get it, as the support hiring
-- preset now gives it. Nobody else gains a tool: the training centre grants it wider.
INSERT INTO "skills" ("company_id", "name", "description", "tools")
SELECT c."id",
  CASE WHEN c."language" = 'es' THEN 'Tickets de soporte' ELSE 'Ticketing' END,
  CASE WHEN c."language" = 'es'
    THEN 'Abre un ticket de soporte cuando un cliente reporta un problema, suma sus novedades y lo cierra cuando el cliente confirma que está resuelto.'
    ELSE 'Opens a support ticket when a customer reports a problem, adds their follow-ups to it and closes it once they confirm it is solved.'
  END,
  ARRAY['create_ticket','find_tickets','update_ticket']::text[]
FROM "companies" c
ON CONFLICT ("company_id", lower("name")) DO UPDATE SET "tools" = ARRAY(
  SELECT u.tool FROM unnest("skills"."tools" || excluded."tools") WITH ORDINALITY AS u(tool, position)
  GROUP BY u.tool ORDER BY min(u.position)
);
--> statement-breakpoint
-- A support department is one whose name matches the support kind and no kind before it, as contract
-- `matchDepartmentKind` reads names: case and accents aside, a synonym inside the name or the name
-- inside a synonym ("Soporte", "Customer support", "Help desk"; "Sales support" is sales).
WITH named AS (
  SELECT d."id", translate(lower(btrim(d."name")), 'áàâäãéèêëíìîïóòôöõúùûüñç', 'aaaaaeeeeiiiiooooouuuunc') AS n
  FROM "ai_departments" d
), support AS (
  SELECT named."id" FROM named
  WHERE named.n <> ''
    AND NOT EXISTS (
      SELECT 1 FROM unnest(ARRAY['sales','ventas','venta','retention','retencion','retain']) AS w(word)
      WHERE strpos(named.n, w.word) > 0 OR strpos(w.word, named.n) > 0
    )
    AND EXISTS (
      SELECT 1 FROM unnest(ARRAY['support','soporte','help','ayuda']) AS w(word)
      WHERE strpos(named.n, w.word) > 0 OR strpos(w.word, named.n) > 0
    )
)
INSERT INTO "ai_employee_skills" ("ai_employee_id", "skill_id", "company_id")
SELECT e."id", s."id", e."company_id"
FROM "ai_employees" e
JOIN support ON support."id" = e."department_id"
JOIN "companies" c ON c."id" = e."company_id"
JOIN "skills" s ON s."company_id" = e."company_id"
  AND lower(s."name") = lower(CASE WHEN c."language" = 'es' THEN 'Tickets de soporte' ELSE 'Ticketing' END)
ON CONFLICT DO NOTHING;
