import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "#server/db/schema/index.ts";
import { startSecondInstance } from "#server/test/app.ts";
import { testEngine } from "#server/test/database.ts";
import { rows, type TasksWorld, tasksWorld } from "#server/test/tasks-setup.ts";

// The answer cache (plugins/answer-cache.ts) on the real routes, database and HTTP layer: a repeated
// read is answered from memory, and every kind of write is in the next answer — through the API,
// through a repository as jobs and the AI runtime write, by raw SQL, and (PostgreSQL) through another
// instance — because the database itself announces each change (migration 0024's triggers).

type Json = Record<string, unknown>;

async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Resolves once the app's bus hears that the company's data changed (at once on PGlite). */
function dataChanged(app: FastifyInstance, companyId: string, timeoutMs = 5000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no data.changed for ${companyId} within ${timeoutMs} ms`));
    }, timeoutMs);
    const stop = app.events.onNotice((notice) => {
      if (notice.topic === "data.changed" && (notice.companyId === companyId || notice.companyId === null)) {
        clearTimeout(timer);
        stop();
        resolve();
      }
    });
  });
}

describe("answers from memory, invalidated by the database", () => {
  let w: TasksWorld;
  let app: FastifyInstance;

  beforeAll(async () => {
    w = await tasksWorld();
    app = w.t.app;
  });
  afterAll(async () => {
    await w.t.close();
  });

  const get = async (url: string, headers: Record<string, string>, on = app) => {
    const response = await on.inject({ method: "GET", url, headers });
    expect(response.statusCode, response.body).toBe(200);
    return { body: response.json() as Json, raw: response.body, type: response.headers["content-type"] };
  };
  const hits = (on = app) => on.answerCache.stats().hits;
  const lastMessageOf = (page: Json, conversationId: string) =>
    (page.conversations as Json[]).find((c) => c.id === conversationId)?.last_message as Json | null | undefined;

  it("answers a repeated read from memory, the same bytes, only to the same company", async () => {
    const first = await get("/app/conversations.json", w.a.headers);
    const before = hits();
    const second = await get("/app/conversations.json", w.a.headers);
    expect(hits()).toBe(before + 1);
    expect(second.raw).toBe(first.raw);
    expect(second.type).toBe(first.type);
    // The other company, same path and query: its own answer, never the first company's.
    const other = await get("/app/conversations.json", w.b.headers);
    const ids = (page: Json) => (page.conversations as Json[]).map((c) => c.id as string).sort();
    const companyRows = async (companyId: string) =>
      (await rows(w.t.db, sql`select id from conversations where company_id = ${companyId}`)).map((r) => r.id).sort();
    expect(ids(other.body)).toEqual(await companyRows(w.b.companyId));
    expect(ids(first.body)).toEqual(await companyRows(w.a.companyId));
    expect(ids(first.body)).not.toContain(w.b.conversation.id);
    // A different query is a different answer.
    const filtered = await get("/app/conversations.json?status=resolved", w.a.headers);
    expect(filtered.body.total).toBe(0);
  });

  it("serves the cached answer only after authentication and the company check", async () => {
    await get("/app/tasks.json", w.a.headers);
    await get("/app/tasks.json", w.a.headers);
    // Company B's user naming company A: the same 404 as without a cache.
    const stranger = await app.inject({
      method: "GET",
      url: "/app/tasks.json",
      headers: { ...w.b.headers, "x-company-id": w.a.companyId },
    });
    expect(stranger.statusCode).toBe(404);
    const anonymous = await app.inject({
      method: "GET",
      url: "/app/tasks.json",
      headers: { "x-company-id": w.a.companyId },
    });
    expect(anonymous.statusCode).toBe(401);
    // The answer does not depend on the caller within the company: a member sees the owner's list.
    const owner = await get("/app/tasks.json", w.a.headers);
    const member = await get("/app/tasks.json", w.a.member.headers);
    expect(member.raw).toBe(owner.raw);
    // A bad query is still refused (validation runs before the cache).
    const bad = await app.inject({ method: "GET", url: "/app/tasks.json?per_page=1000", headers: w.a.headers });
    expect(bad.statusCode).toBe(400);
  });

  it("an API write is in the writer's next answer (a staff reply, a task resolved)", async () => {
    await get("/app/conversations.json", w.a.headers);
    await get("/app/conversations.json", w.a.headers);
    const reply = await app.inject({
      method: "POST",
      url: `/app/conversations/${w.a.conversation.id}/messages.json`,
      headers: w.a.headers,
      payload: { content: "Through the API" },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const after = await get("/app/conversations.json", w.a.headers);
    expect(lastMessageOf(after.body, w.a.conversation.id)?.content).toBe("Through the API");

    const todo = async () =>
      ((await get("/app/tasks.json?state=to_do", w.a.headers)).body.tasks as Json[]).map((task) => task.id);
    expect(await todo()).toContain(w.a.question);
    expect(await todo()).toContain(w.a.question);
    const resolved = await app.inject({
      method: "POST",
      url: `/app/tasks/${w.a.question}/resolution.json`,
      headers: w.a.headers,
      payload: { answer: "Resolved through the API." },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(await todo()).not.toContain(w.a.question);
  });

  it("a repository write outside any request (a job, the AI runtime) is in the next answer", async () => {
    await get("/app/conversations.json", w.a.headers);
    const warm = hits();
    await get("/app/conversations.json", w.a.headers);
    expect(hits()).toBe(warm + 1);
    const changed = dataChanged(app, w.a.companyId);
    await w.t.db.insert(messages).values({
      companyId: w.a.companyId,
      conversationId: w.a.conversation.id,
      senderType: "ai",
      senderName: "Alpha AI",
      content: "Written by a job",
    });
    await changed;
    const after = await get("/app/conversations.json", w.a.headers);
    expect(lastMessageOf(after.body, w.a.conversation.id)?.content).toBe("Written by a job");
  });

  it("requests that arrive while an answer is read wait for it, and all get the fresh one", async () => {
    await get("/app/ai_employees/outcomes.json", w.b.headers);
    const changed = dataChanged(app, w.b.companyId);
    await w.t.db.execute(sql`update ai_employees set name = 'Renamed for the herd' where id = ${w.b.aiEmployee.id}`);
    await changed;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => get("/app/ai_employees/outcomes.json", w.b.headers)),
    );
    expect(new Set(answers.map((answer) => answer.raw)).size).toBe(1);
    expect(answers[0]!.raw).toContain("Renamed for the herd");
  });

  it("a raw SQL change to a joined table, and a deletion, are in the next answer", async () => {
    const customerName = async () =>
      (
        ((await get("/app/conversations.json", w.b.headers)).body.conversations as Json[])[0]?.customer as
          | Json
          | undefined
      )?.full_name;
    expect(await customerName()).toBe("Bravo Customer");
    expect(await customerName()).toBe("Bravo Customer");
    let changed = dataChanged(app, w.b.companyId);
    await w.t.db.execute(sql`update customers set full_name = 'Renamed by SQL' where id = ${w.b.customer.id}`);
    await changed;
    expect(await customerName()).toBe("Renamed by SQL");

    const quoteIds = async () =>
      ((await get("/app/quotes.json", w.b.headers)).body.quotes as Json[]).map((quote) => quote.id);
    expect(await quoteIds()).toEqual([w.b.quote.id]);
    expect(await quoteIds()).toEqual([w.b.quote.id]);
    changed = dataChanged(app, w.b.companyId);
    await w.t.db.execute(sql`delete from quotes where id = ${w.b.quote.id}`);
    await changed;
    expect(await quoteIds()).toEqual([]);
  });

  it("the dashboard's figures follow writes too (sales indicators, leads breakdown, outcomes, tickets)", async () => {
    const indicators = `/app/companies/${w.a.companyId}/sales_indicators.json?relative_date=monthly`;
    const leads = `/app/companies/${w.a.companyId}/leads_breakdowns.json?relative_date=monthly`;
    const customers = async () =>
      ((await get(indicators, w.a.headers)).body.leads_count as { present: number }).present;
    const leadTotal = async () => (await get(leads, w.a.headers)).body.total as number;
    const outcomes = async () => (await get("/app/ai_employees/outcomes.json", w.a.headers)).raw;
    const tickets = async () => (await get("/app/tickets.json", w.a.headers)).body.total as number;
    const [customersBefore, leadsBefore, outcomesBefore, ticketsBefore] = [
      await customers(),
      await leadTotal(),
      await outcomes(),
      await tickets(),
    ];
    const before = hits();
    expect([await customers(), await leadTotal(), await outcomes(), await tickets()]).toEqual([
      customersBefore,
      leadsBefore,
      outcomesBefore,
      ticketsBefore,
    ]);
    expect(hits()).toBe(before + 4);
    // A path naming another company is refused even once this company's answer is kept.
    const foreign = await app.inject({
      method: "GET",
      url: `/app/companies/${w.b.companyId}/sales_indicators.json?relative_date=monthly`,
      headers: w.a.headers,
    });
    expect(foreign.statusCode).toBe(404);

    const changed = dataChanged(app, w.a.companyId);
    await w.t.db.execute(sql`
      insert into leads (company_id, ai_employee_id, source, channel, person_name)
      values (${w.a.companyId}, ${w.a.aiEmployee.id}, 'Website', 'whatsapp', 'New buyer')`);
    await changed;
    expect(await customers()).toBe(customersBefore + 1);
    expect(await leadTotal()).toBe(leadsBefore + 1);
    const ticket = await app.inject({
      method: "POST",
      url: "/app/tickets.json",
      headers: w.a.headers,
      payload: { subject: "Cached list", customer_id: w.a.customer.id },
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    expect(await tickets()).toBe(ticketsBefore + 1);
  });

  it("every table with a company_id announces its changes (migration 0024)", async () => {
    const missing = await rows(
      w.t.db,
      sql`select c.table_name from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
          where c.table_schema = 'public' and c.column_name = 'company_id' and t.table_type = 'BASE TABLE'
            and (select count(*) from pg_trigger g
                 where g.tgrelid = format('%I', c.table_name)::regclass and g.tgname like '%\\_data\\_%') < 4
          order by 1`,
    );
    expect(missing).toEqual([]);
  });
});

// Two app instances on one PostgreSQL database: a write through one, or by anyone on the database,
// reaches the other's cache through LISTEN/NOTIFY; while the other is not listening it answers from the
// database only.
describe.skipIf(testEngine() === "pglite")("answers from memory across two instances on one PostgreSQL", () => {
  let w: TasksWorld;
  let b: FastifyInstance;
  let second: Awaited<ReturnType<typeof startSecondInstance>>;

  beforeAll(async () => {
    w = await tasksWorld();
    second = await startSecondInstance(w.t);
    b = second.app;
  });
  afterAll(async () => {
    await second.close();
    await w.t.close();
  });

  const lastOnB = async () => {
    const response = await b.inject({ method: "GET", url: "/app/conversations.json", headers: w.a.headers });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as Json;
    return ((page.conversations as Json[])[0]?.last_message as Json | null)?.content;
  };

  it("a write through instance A is in instance B's next answer once A's commit is announced", async () => {
    await lastOnB();
    const before = b.answerCache.stats().hits;
    const kept = await lastOnB();
    expect(b.answerCache.stats().hits).toBe(before + 1);
    const changed = dataChanged(b, w.a.companyId);
    const reply = await w.t.app.inject({
      method: "POST",
      url: `/app/conversations/${w.a.conversation.id}/messages.json`,
      headers: w.a.headers,
      payload: { content: "Through instance A" },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(kept).not.toBe("Through instance A");
    await changed;
    expect(await lastOnB()).toBe("Through instance A");
  });

  it("a read with nothing kept goes to the database at once; only a kept answer waits for the barrier", async () => {
    // The barrier (a NOTIFY round trip) is what a kept answer must wait for; a miss reads the database
    // anyway, and that read already sees every write committed before it.
    const bus = b.events as unknown as { dataNoticesDelivered: () => Promise<void> };
    const original = bus.dataNoticesDelivered;
    let barriers = 0;
    bus.dataNoticesDelivered = () => {
      barriers += 1;
      return original();
    };
    try {
      b.answerCache.clear();
      await w.t.db.insert(messages).values({
        companyId: w.a.companyId,
        conversationId: w.a.conversation.id,
        senderType: "customer",
        senderName: "Customer",
        content: "Just before the miss",
      });
      expect(await lastOnB()).toBe("Just before the miss");
      expect(barriers).toBe(0);
      // Its notice may arrive after that read began, and then the answer is not kept: read until kept.
      await eventually(async () => (await lastOnB()) === "Just before the miss" && b.answerCache.stats().entries > 0);
      const before = { hits: b.answerCache.stats().hits, barriers };
      expect(await lastOnB()).toBe("Just before the miss");
      expect(b.answerCache.stats().hits).toBe(before.hits + 1);
      expect(barriers).toBe(before.barriers + 1);
    } finally {
      bus.dataNoticesDelivered = original;
    }
  });

  it("B answers from the database while its listening connection is down, and from memory again after", async () => {
    // The PostgreSQL bus (modules/events/postgres-event-bus.ts) says whether its LISTEN is in place.
    const busB = b.events as unknown as { readonly listening: boolean };
    await lastOnB();
    await w.t.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'LISTEN foreman_%' and pid <> pg_backend_pid()`,
    );
    await eventually(() => !busB.listening);
    const before = b.answerCache.stats().hits;
    await w.t.db.insert(messages).values({
      companyId: w.a.companyId,
      conversationId: w.a.conversation.id,
      senderType: "customer",
      senderName: "Customer",
      content: "While B was deaf",
    });
    // Nothing told B, and yet: the notice could have been missed, so memory is not used.
    if (!busB.listening) {
      expect(await lastOnB()).toBe("While B was deaf");
      if (!busB.listening) expect(b.answerCache.stats().hits).toBe(before);
    }
    await eventually(() => busB.listening);
    expect(await lastOnB()).toBe("While B was deaf");
    const warm = b.answerCache.stats().hits;
    await lastOnB();
    expect(b.answerCache.stats().hits).toBe(warm + 1);
  });
});
