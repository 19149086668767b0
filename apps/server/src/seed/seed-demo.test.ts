import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CLIENT_ID_HEADER, WEB_CLIENT_ID } from "@foreman/contract";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { type Db, openDatabase } from "#server/db/client.ts";
import {
  activities,
  aiDepartments,
  aiEmployeeContactPoints,
  aiEmployeeSkills,
  aiEmployees,
  companies,
  emailChannels,
  knowledgeChunks,
  knowledgeEntries,
  memberships,
  oauthApplications,
  products,
  quotes,
  skills,
  tasks,
  users,
} from "#server/db/schema/index.ts";
import { parseCsvRows } from "#server/modules/knowledge/extract/csv.ts";
import { searchPassages } from "#server/modules/knowledge/search.ts";
import { prepareDatabase } from "#server/prepare-database.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { createTestDatabase, testEngine } from "#server/test/database.ts";
import { apiHeaders, signIn } from "#server/test/fixtures.ts";
import { DEMO_PASSWORD } from "./demo-data.ts";
import { readDemoDocument } from "./seed-knowledge.ts";

async function counts(db: Db) {
  const total = async (
    table:
      | typeof users
      | typeof companies
      | typeof memberships
      | typeof aiDepartments
      | typeof aiEmployees
      | typeof oauthApplications,
  ) => (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    users: await total(users),
    companies: await total(companies),
    memberships: await total(memberships),
    departments: await total(aiDepartments),
    employees: await total(aiEmployees),
    clients: await total(oauthApplications),
  };
}

describe("the demo seed", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("fills an empty database with two companies, five departments each, both users and the web client", async () => {
    expect(await prepareDatabase(t.database, { seedDemo: true })).toEqual({ seeded: true });
    const after = await counts(t.db);
    expect(after).toMatchObject({ users: 2, companies: 2, memberships: 3, departments: 10, clients: 1 });
    expect(after.employees).toBeGreaterThan(4);
    const rows = await t.db.select({ name: companies.name }).from(companies);
    expect(rows.map((r) => r.name).sort()).toEqual(["Andes Comercial", "Northwind Supply"]);
    const [client] = await t.db.select().from(oauthApplications).where(eq(oauthApplications.uid, WEB_CLIENT_ID));
    expect(client).toMatchObject({ confidential: false });
  });

  it("does nothing the second time start-up runs", async () => {
    const before = await counts(t.db);
    expect(await prepareDatabase(t.database, { seedDemo: true })).toEqual({ seeded: false });
    expect(await counts(t.db)).toEqual(before);
  });

  it("lets the demo manager sign in and see both companies, with Spanish departments in Andes", async () => {
    const { access_token } = await signIn(t.app, "demo@example.com", DEMO_PASSWORD);
    const me = (await t.app.inject({ method: "GET", url: "/app/me.json", headers: apiHeaders(access_token) })).json();
    expect(me).toMatchObject({ first_name: "Demo", last_name: "Manager" });
    expect(me.managed_companies.map((c: { name: string }) => c.name)).toEqual(["Andes Comercial", "Northwind Supply"]);
    expect(me.managed_companies.map((c: { language: string }) => c.language)).toEqual(["es", "en"]);
    const andes = me.managed_companies[0].id;
    const northwind = me.managed_companies[1].id;
    const list = async (companyId: string) =>
      (
        await t.app.inject({
          method: "GET",
          url: "/app/ai_departments.json",
          headers: apiHeaders(access_token, companyId),
        })
      ).json();
    const spanish = await list(andes);
    expect(spanish.map((d: { name: string }) => d.name)).toEqual([
      "Analítica",
      "Cobranza",
      "Retención",
      "Soporte",
      "Ventas",
    ]);
    const english = await list(northwind);
    expect(english.map((d: { name: string }) => d.name)).toEqual([
      "Analytics",
      "Collections",
      "Retention",
      "Sales",
      "Support",
    ]);
    // Every department has AI employees; one whose employees are all inactive is inactive itself (grey dot).
    for (const d of [...spanish, ...english]) expect(d.ai_employees_count).toBeGreaterThan(0);
    const active = (list: { name: string; is_active: boolean }[]) => list.filter((d) => d.is_active).map((d) => d.name);
    expect(active(english)).toEqual(["Analytics", "Sales", "Support"]);
    expect(active(spanish)).toEqual(["Cobranza", "Retención", "Ventas"]);
  });

  it("gives every employee a persona, guardrails and skills, and records each hiring in the activity log", async () => {
    const employees = await t.db.select().from(aiEmployees);
    expect(employees.every((e) => e.persona.length > 0 && e.instructions.length > 0 && e.languages.length > 0)).toBe(
      true,
    );
    expect(employees.some((e) => e.status === "inactive")).toBe(true);
    expect(employees.some((e) => e.maxDiscountPercent > 0 && e.maxOrderTotalCents > 0)).toBe(true);
    // The five standard skills (Ticketing among them) in each company.
    expect((await t.db.select({ n: count() }).from(skills))[0]!.n).toBe(10);
    expect((await t.db.select({ n: count() }).from(aiEmployeeSkills))[0]!.n).toBeGreaterThan(employees.length);
    expect((await t.db.select({ n: count() }).from(aiEmployeeContactPoints))[0]!.n).toBeGreaterThan(5);
    const hired = await t.db.select().from(activities).where(eq(activities.kind, "ai_employee.hired"));
    expect(hired).toHaveLength(employees.length);
    // Hired before the demo's year of orders, so their records fall after "member since".
    const yearAgo = Date.now() - 365 * 86_400_000;
    expect(employees.every((e) => e.createdAt.getTime() < yearAgo)).toBe(true);
  });

  it("gives each company its three documents in its language, indexed for search, with the catalog's prices", async () => {
    const byName = new Map((await t.db.select().from(companies)).map((c) => [c.name, c.id]));
    const entries = await t.db
      .select({
        companyId: knowledgeEntries.companyId,
        title: knowledgeEntries.title,
        source: knowledgeEntries.source,
        fileKind: knowledgeEntries.fileKind,
        status: knowledgeEntries.status,
        progress: knowledgeEntries.progress,
        chunkCount: knowledgeEntries.chunkCount,
        aiEmployeeIds: knowledgeEntries.aiEmployeeIds,
        skillIds: knowledgeEntries.skillIds,
      })
      .from(knowledgeEntries)
      .orderBy(knowledgeEntries.title);
    const titles = (name: string) => entries.filter((e) => e.companyId === byName.get(name)).map((e) => e.title);
    expect(titles("Northwind Supply")).toEqual(["Price list", "Product FAQ", "Shipping and returns policy"]);
    expect(titles("Andes Comercial")).toEqual([
      "Lista de precios",
      "Política de despachos y devoluciones",
      "Preguntas frecuentes",
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({
        source: "file",
        status: "indexed",
        progress: 100,
        aiEmployeeIds: [],
        skillIds: [],
      });
      expect(entry.chunkCount).toBeGreaterThan(0);
    }
    expect(entries.map((e) => e.fileKind).sort()).toEqual(["csv", "csv", "html", "html", "markdown", "markdown"]);
    const chunks = (await t.db.select({ n: count() }).from(knowledgeChunks))[0]!.n;
    expect(chunks).toBe(entries.reduce((sum, e) => sum + e.chunkCount, 0));

    // What the AI employees would be handed for a customer's question.
    const northwind = await searchPassages(
      t.db,
      { companyId: byName.get("Northwind Supply")!, limit: 3 },
      "Is there a restocking fee when I return an opened item?",
    );
    expect(northwind[0]).toMatchObject({ title: "Shipping and returns policy" });
    expect(northwind[0]!.text).toContain("15% restocking fee");
    const andes = await searchPassages(
      t.db,
      { companyId: byName.get("Andes Comercial")!, limit: 3 },
      "cuanto cuesta el despacho a Valparaiso",
    );
    expect(andes.map((p) => p.title)).toContain("Política de despachos y devoluciones");
    expect(andes.find((p) => p.text.includes("$9.990"))).toBeDefined();

    // The price list's rows are the seeded catalog.
    for (const [name, document] of [
      ["Northwind Supply", "price-list.csv"],
      ["Andes Comercial", "lista-de-precios.csv"],
    ] as const) {
      const rows = parseCsvRows((await readDemoDocument(name, document)).toString("utf8")).slice(1);
      const catalog = await t.db
        .select({ sku: products.sku })
        .from(products)
        .where(eq(products.companyId, byName.get(name)!));
      expect(rows.map((row) => row[0]).sort()).toEqual(catalog.map((p) => p.sku).sort());
    }
  });

  it("shows each company's integrations as they are: the model and website chat connected, email setting up", async () => {
    const { access_token } = await signIn(t.app, "demo@example.com", DEMO_PASSWORD);
    const me = (await t.app.inject({ method: "GET", url: "/app/me.json", headers: apiHeaders(access_token) })).json();
    for (const company of me.managed_companies as { id: string; name: string }[]) {
      const response = await t.app.inject({
        url: "/app/integrations.json",
        headers: apiHeaders(access_token, company.id),
      });
      const states = Object.fromEntries(
        (response.json().integrations as { key: string; state: string }[]).map((i) => [i.key, i.state]),
      );
      expect(states, company.name).toEqual({
        model_provider: "connected",
        channel_api: "connected",
        website_chat: "connected",
        chatwoot: "disconnected",
        whatsapp: "coming_soon",
        // Its email channel is there; without SMTP_URL its replies are kept in the outbox.
        email: "setting_up",
      });
    }
  });

  it("answers customers from the demo documents with the built-in engine, in each company's language", async () => {
    const { access_token } = await signIn(t.app, "demo@example.com", DEMO_PASSWORD);
    const me = (await t.app.inject({ method: "GET", url: "/app/me.json", headers: apiHeaders(access_token) })).json();
    const asks = {
      "Northwind Supply": ["Do you offer free shipping?", "$250"],
      "Andes Comercial": ["¿Qué medios de pago aceptan?", "transferencia"],
    };
    for (const company of me.managed_companies as { id: string; name: keyof typeof asks }[]) {
      const headers = apiHeaders(access_token, company.id);
      const employees = (await t.app.inject({ url: "/app/ai_employees.json?per_page=100", headers })).json()
        .ai_employees;
      const seller = employees.find(
        (e: { status: string; skills: unknown[] }) => e.status === "active" && e.skills.length === 4,
      );
      const [question, fact] = asks[company.name];
      const response = await t.app.inject({
        method: "POST",
        url: `/app/ai_employees/${seller.id}/playground.json`,
        headers,
        payload: { content: question },
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body.reply.content, company.name).toContain(fact);
      const passages = body.run.steps.find((step: { kind: string }) => step.kind === "passages");
      expect(passages.passages.length).toBeGreaterThan(0);
    }
  });

  it("ties Ana to Andes Comercial only", async () => {
    const { access_token } = await signIn(t.app, "ana@example.com", DEMO_PASSWORD);
    const me = (await t.app.inject({ method: "GET", url: "/app/me.json", headers: apiHeaders(access_token) })).json();
    expect(me).toMatchObject({ first_name: "Ana", last_name: "Rivera", company: { name: "Andes Comercial" } });
    expect(me.managed_companies).toHaveLength(1);
  });

  it("binds the open discount requests to their quotes, so authorizing one in the demo applies it", async () => {
    const [item] = await t.db
      .select({ id: tasks.id, companyId: tasks.companyId, quoteId: tasks.quoteId, request: tasks.request })
      .from(tasks)
      .where(
        and(eq(tasks.actionType, "authorize"), eq(tasks.state, "to_do"), sql`${tasks.request}->>'kind' = 'discount'`),
      )
      .limit(1);
    expect(item, "an open discount request in the demo").toBeDefined();
    const { access_token } = await signIn(t.app, "demo@example.com", DEMO_PASSWORD);
    const response = await t.app.inject({
      method: "POST",
      url: `/app/tasks/${item!.id}/resolution.json`,
      headers: apiHeaders(access_token, item!.companyId),
      payload: { decision: "authorized" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ state: "done", decision: "authorized", outcome: "applied" });
    const [quote] = await t.db
      .select({ discountPercent: quotes.discountPercent })
      .from(quotes)
      .where(eq(quotes.id, item!.quoteId!));
    expect(quote!.discountPercent).toBe((item!.request as { discountPercent: number }).discountPercent);
  });

  it("lets Andes' members approve, as Ana did in its history; Northwind keeps approvals to its owner", async () => {
    const settings = await t.db
      .select({ name: companies.name, membersMayApprove: companies.membersMayApprove })
      .from(companies)
      .orderBy(companies.name);
    expect(settings).toEqual([
      { name: "Andes Comercial", membersMayApprove: true },
      { name: "Northwind Supply", membersMayApprove: false },
    ]);
    // No seeded approval breaks the rule the server now enforces.
    const resolvers = await t.db
      .selectDistinct({ role: memberships.role, membersMayApprove: companies.membersMayApprove })
      .from(tasks)
      .innerJoin(companies, eq(companies.id, tasks.companyId))
      .innerJoin(
        memberships,
        and(eq(memberships.companyId, tasks.companyId), eq(memberships.userId, tasks.resolvedByUserId)),
      )
      .where(and(eq(tasks.actionType, "authorize"), eq(tasks.state, "done")));
    expect(resolvers.length).toBeGreaterThan(0);
    for (const { role, membersMayApprove } of resolvers) expect(role !== "member" || membersMayApprove).toBe(true);
  });

  it("gives each company a website chat answered by its sales department, greeting in its language", async () => {
    const { access_token } = await signIn(t.app, "demo@example.com", DEMO_PASSWORD);
    for (const [name, greeting] of [
      ["Andes Comercial", "¡Hola!"],
      ["Northwind Supply", "Hi!"],
    ] as const) {
      const [company] = await t.db.select({ id: companies.id }).from(companies).where(eq(companies.name, name));
      const response = await t.app.inject({
        url: "/app/website_chats.json",
        headers: { ...apiHeaders(access_token, company!.id), host: "foreman.test" },
      });
      expect(response.statusCode, response.body).toBe(200);
      const [chat, ...others] = response.json().website_chats;
      expect(others).toEqual([]);
      expect(chat).toMatchObject({ name: "Website chat", allowed_origins: [], enabled: true, ai_employee: null });
      expect(chat.greeting).toContain(greeting);
      expect(chat.department.name).toMatch(/^(Sales|Ventas)$/);
      expect(chat.demo_url).toBe(`http://foreman.test/widget/demo?key=${chat.key}`);
      // The demo page lives on Foreman's own origin, always allowed: a visitor can open a session there.
      const session = await t.app.inject({
        method: "POST",
        url: "/widget/v1/sessions",
        headers: { host: "foreman.test" },
        payload: { key: chat.key, origin: "http://foreman.test" },
      });
      expect(session.statusCode, session.body).toBe(200);
      expect(session.json()).toMatchObject({ language: name === "Andes Comercial" ? "es" : "en" });
      expect(session.json().agent_name).not.toBeNull();
    }
  });

  it("gives both companies support tickets, open and closed, opened by AI employees from their conversations, with activity", async () => {
    const query = async (statement: ReturnType<typeof sql>) =>
      ((await t.db.execute(statement)) as unknown as { rows: Record<string, unknown>[] }).rows;
    const byCompany = await query(sql`
      select c.name,
        count(*)::int as tickets,
        count(*) filter (where t.status = 'open')::int as open,
        count(*) filter (where t.status = 'closed')::int as closed,
        count(distinct t.priority)::int as priorities,
        count(distinct t.type)::int as types,
        count(*) filter (where t.assignee_user_id is not null)::int as with_staff,
        count(*) filter (where t.assignee_ai_employee_id is not null)::int as with_ai,
        count(*) filter (where t.assignee_user_id is null and t.assignee_ai_employee_id is null)::int as unassigned,
        count(*) filter (where cardinality(t.tags) = 0)::int as untagged,
        count(*) filter (where exists (select 1 from ticket_followers f where f.ticket_id = t.id))::int as followed,
        count(*) filter (where t.order_id is not null)::int as with_order,
        min(t.number)::int as first_number, max(t.number)::int as last_number
      from tickets t join companies c on c.id = t.company_id group by c.name order by c.name`);
    expect(byCompany.map((row) => row.name)).toEqual(["Andes Comercial", "Northwind Supply"]);
    for (const row of byCompany) {
      expect(row, String(row.name)).toMatchObject({ priorities: 3, types: 4, untagged: 0, first_number: 1001 });
      expect(row.last_number).toBe(1000 + (row.tickets as number));
      for (const key of ["open", "closed", "with_staff", "with_ai", "unassigned", "followed", "with_order"])
        expect(row[key] as number, `${row.name} ${key}`).toBeGreaterThan(0);
    }

    // Opened by one of the company's AI employees from a conversation of the company's, about its customer
    // and the order of that conversation, with the conversation's channel as the source.
    const [wrong] = await query(sql`
      select
        count(*) filter (where t.created_by_type <> 'ai_employee' or t.created_by_ai_employee_id is distinct from t.ai_employee_id
          or e.company_id is distinct from t.company_id)::int as openers,
        count(*) filter (where v.company_id is distinct from t.company_id or v.customer_id is distinct from t.customer_id)::int as conversations,
        count(*) filter (where t.order_id is not null and (q.conversation_id is distinct from t.conversation_id
          or q.customer_id is distinct from t.customer_id))::int as orders,
        count(*) filter (where t.order_id is null and exists (
          select 1 from quotes q2 where q2.conversation_id = t.conversation_id))::int as unlinked,
        count(*) filter (where t.source <> case v.channel when 'web_chat' then 'web' else v.channel end)::int as sources,
        count(*) filter (where t.requested_at > t.created_at)::int as requested
      from tickets t
      left join ai_employees e on e.id = t.ai_employee_id
      left join conversations v on v.id = t.conversation_id
      left join quotes q on q.id = t.order_id`);
    expect(wrong).toEqual({ openers: 0, conversations: 0, orders: 0, unlinked: 0, sources: 0, requested: 0 });

    // The activity: every kind a ticket's life has, each entry dated between the opening and now, numbers
    // following the dates, and a closed ticket's close time its last close.
    const kinds = await query(sql`
      select c.name, array_agg(distinct a.kind order by a.kind) as kinds
      from activities a join companies c on c.id = a.company_id
      where a.subject_type = 'ticket' group by c.name order by c.name`);
    for (const row of kinds)
      expect(row.kinds, String(row.name)).toEqual(
        expect.arrayContaining([
          "ticket.assigned",
          "ticket.closed",
          "ticket.commented",
          "ticket.created",
          "ticket.follower_added",
          "ticket.noted",
          "ticket.priority_changed",
          "ticket.reopened",
        ]),
      );
    const [history] = await query(sql`
      select
        count(*) filter (where a.created_at < t.created_at or a.created_at > now())::int as out_of_range,
        count(*) filter (where (a.details->>'number')::int <> t.number)::int as misnumbered,
        (select count(*)::int from tickets t1 join tickets t2 on t1.company_id = t2.company_id
          and t1.number < t2.number and t1.created_at > t2.created_at) as unordered,
        (select count(*)::int from tickets t3 where t3.status = 'closed' and t3.closed_at <> (
          select max(a3.created_at) from activities a3 where a3.subject_id = t3.id and a3.kind = 'ticket.closed')) as closes,
        (select count(*)::int from tickets t4 where not exists (
          select 1 from activities a4 where a4.subject_id = t4.id and a4.kind = 'ticket.created' and a4.created_at = t4.created_at)) as uncreated
      from activities a join tickets t on t.id = a.subject_id where a.subject_type = 'ticket'`);
    expect(history).toEqual({ out_of_range: 0, misnumbered: 0, unordered: 0, closes: 0, uncreated: 0 });

    // The AI employee's answers are messages of the ticket's conversation naming it, and the conversation's
    // last activity is its newest message.
    const [replies] = await query(sql`
      select count(*)::int as replies,
        count(*) filter (where m.id is null or m.conversation_id <> t.conversation_id or m.sender_type <> 'ai'
          or m.content not like '%T-' || t.number || '%')::int as wrong,
        (select count(*)::int from tickets t5 join conversations v on v.id = t5.conversation_id
          where v.last_activity_at <> (select max(m5.created_at) from messages m5 where m5.conversation_id = v.id)) as stale
      from activities a join tickets t on t.id = a.subject_id
      left join messages m on m.id = (a.details->>'messageId')::uuid
      where a.kind = 'ticket.commented'`);
    expect(replies!.replies as number).toBeGreaterThanOrEqual((byCompany[0]!.tickets as number) * 2);
    expect(replies).toMatchObject({ wrong: 0, stale: 0 });
  });

  it("give each company a fixed inbound address answered by a team with someone active", async () => {
    const rows = await t.db
      .select({ company: companies.name, local: emailChannels.inboundLocal, department: aiDepartments.name })
      .from(emailChannels)
      .innerJoin(companies, eq(companies.id, emailChannels.companyId))
      .innerJoin(aiDepartments, eq(aiDepartments.id, emailChannels.departmentId))
      .orderBy(companies.name);
    expect(rows).toEqual([
      { company: "Andes Comercial", local: "andes-demo", department: "Ventas" },
      { company: "Northwind Supply", local: "northwind-demo", department: "Support" },
    ]);
  });
});

describe("start-up without the demo", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("leaves an empty database empty when SEED_DEMO is false, but the web client is there", async () => {
    expect(await prepareDatabase(t.database, { seedDemo: false })).toEqual({ seeded: false });
    expect(await counts(t.db)).toMatchObject({ users: 0, companies: 0, clients: 1 });
  });

  // The demo accounts' password is published: a production or PostgreSQL start must never create them
  // unless asked to (SEED_DEMO=true).
  it.each([
    ["NODE_ENV=production", { NODE_ENV: "production", ENCRYPTION_KEY: "ab".repeat(32) }],
    ["DATABASE_URL", { DATABASE_URL: "postgres://postgres@127.0.0.1:5432/foreman" }],
  ])("seeds no demo account on a fresh database started with %s", async (_, env) => {
    const config = loadConfig(env);
    expect(await prepareDatabase(t.database, { seedDemo: config.seedDemo })).toEqual({ seeded: false });
    expect(await counts(t.db)).toMatchObject({ users: 0, companies: 0 });
    const response = await t.app.inject({
      method: "POST",
      url: "/oauth/token",
      headers: { [CLIENT_ID_HEADER]: WEB_CLIENT_ID },
      remoteAddress: "10.7.0.1",
      payload: {
        grant_type: "password",
        username: "demo@example.com",
        password: DEMO_PASSWORD,
        client_id: WEB_CLIENT_ID,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "invalid_grant" });
  });
});

// A restart finds the data the first start wrote: a PGlite data directory, or the same PostgreSQL database.
async function persistentDatabase() {
  if (testEngine() === "pglite") {
    const dataDir = mkdtempSync(path.join(tmpdir(), "foreman-data-"));
    return {
      open: () => openDatabase({ dataDir }),
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const fresh = await createTestDatabase();
  return { open: () => openDatabase({ databaseUrl: fresh.url, dataDir: "memory://" }), cleanup: () => fresh.close() };
}

describe("start-up twice on the same database", () => {
  // Migrates and seeds the whole demo (12 months of sales, the conversations) on a database of its own,
  // then starts on it again: past the suite's 30 s on a loaded 2-core machine, hence its own limit.
  it("seeds on the first start and reuses the data on the second", async () => {
    const target = await persistentDatabase();
    try {
      const first = await target.open();
      expect(await prepareDatabase(first, { seedDemo: true })).toEqual({ seeded: true });
      const seeded = await counts(first.db);
      await first.close();

      const second = await target.open();
      try {
        expect(await prepareDatabase(second, { seedDemo: true })).toEqual({ seeded: false });
        expect(await counts(second.db)).toEqual(seeded);
      } finally {
        await second.close();
      }
    } finally {
      await target.cleanup();
    }
  });
});
