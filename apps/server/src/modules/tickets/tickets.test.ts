import { camelizeKeys, type LiveEvent, ticketClientsSchema, ticketDetailSchema } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows, type TasksWorld, tasksWorld } from "#server/test/tasks-setup.ts";
import { detailOf, insertTicket, ticketsApi } from "#server/test/tickets-setup.ts";

// Opening, reading and editing tickets through the HTTP API, and what another company's ids get.

let w: TasksWorld;
let api: ReturnType<typeof ticketsApi>;
beforeAll(async () => {
  w = await tasksWorld();
  api = ticketsApi(w);
});
afterAll(async () => {
  await w.t.close();
});

const activityKinds = async (ticketId: string) =>
  (
    await rows(
      w.t.db,
      sql`select kind, actor_type, actor_user_id, details from activities
          where subject_type = 'ticket' and subject_id = ${ticketId} order by created_at, kind`,
    )
  ).map((row) => ({
    kind: String(row.kind),
    actor_type: row.actor_type,
    actor_user_id: row.actor_user_id,
    details: row.details as Record<string, unknown>,
  }));

describe("POST /app/tickets.json", () => {
  it("opens a ticket for a picked client, numbered per company, recorded with who opened it", async () => {
    const events: LiveEvent[] = [];
    const stop = w.t.app.events.subscribe(w.a.companyId, (event) => events.push(event));
    const response = await api.create({
      subject: "  Pallet arrived cracked ",
      description: "One of three pallets is cracked.",
      priority: "high",
      type: "problem",
      source: "phone",
      customer_id: w.a.customer.id,
      order_id: w.a.quote.id,
      tags: ["Damaged Goods", "damaged-goods", " Urgent "],
    });
    stop();
    expect(response.statusCode, response.body).toBe(201);
    expect(Object.keys(response.json())).toContain("requested_at");
    const ticket = detailOf(response.json());
    expect(ticketDetailSchema.safeParse(ticket).success).toBe(true);
    expect(ticket).toMatchObject({
      number: 1001,
      subject: "Pallet arrived cracked",
      description: "One of three pallets is cracked.",
      priority: "high",
      type: "problem",
      status: "open",
      source: "phone",
      client: {
        id: w.a.customer.id,
        fullName: "Alpha Customer",
        organization: "Alpha Buyers",
        email: "buyer@example.com",
        phone: "+1 555 0100",
      },
      order: { id: w.a.quote.id, number: 1001, state: "draft" },
      conversation: null,
      responsible: null,
      aiEmployee: null,
      tags: ["damaged-goods", "urgent"],
      followers: [],
      createdBy: { type: "user", id: w.a.userId, name: w.a.userName },
      closedAt: null,
    });
    expect(ticket.requestedAt).toBe(ticket.createdAt);
    expect(events).toContainEqual({ type: "ticket.updated", ticketId: ticket.id, status: "open" });
    expect(await activityKinds(ticket.id)).toEqual([
      { kind: "ticket.created", actor_type: "user", actor_user_id: w.a.userId, details: { number: 1001 } },
    ]);
    const second = await api.create({ subject: "Another one", customer_id: w.a.customer.id });
    expect(detailOf(second.json()).number).toBe(1002);
  });

  it("creates a typed client as a customer of the company, with the defaults for what is not said", async () => {
    const response = await api.create({
      subject: "Where is my invoice?",
      client: {
        full_name: "Dana Typed",
        email: "Dana@Example.com",
        phone: "+34 600 000 000",
        organization: "Typed SL",
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const ticket = detailOf(response.json());
    expect(ticket).toMatchObject({
      priority: "medium",
      type: "question",
      source: "web",
      description: "",
      client: { fullName: "Dana Typed", email: "dana@example.com", organization: "Typed SL" },
    });
    const [customer] = await rows(
      w.t.db,
      sql`select company_id, full_name, phone from customers where id = ${ticket.client!.id}`,
    );
    expect(customer).toEqual({ company_id: w.a.companyId, full_name: "Dana Typed", phone: "+34 600 000 000" });
  });

  it("takes the client, source and AI employee from the conversation, unless the body says otherwise", async () => {
    const response = await api.create({ subject: "Damaged order", conversation_id: w.a.conversation.id });
    expect(response.statusCode, response.body).toBe(201);
    expect(detailOf(response.json())).toMatchObject({
      client: { id: w.a.customer.id },
      source: "whatsapp",
      aiEmployee: { id: w.a.aiEmployee.id, name: w.a.aiEmployee.name },
      conversation: { id: w.a.conversation.id, displayId: w.a.conversation.displayId, channel: "whatsapp" },
    });
    const overridden = await api.create({
      subject: "Called about it",
      conversation_id: w.a.conversation.id,
      source: "phone",
      requested_at: new Date(Date.now() - 86_400_000).toISOString(),
    });
    const ticket = detailOf(overridden.json());
    expect(ticket.source).toBe("phone");
    expect(Date.parse(ticket.createdAt) - Date.parse(ticket.requestedAt)).toBeGreaterThan(86_000_000);
  });

  it("may name a responsible: the owner anyone of the company, a member only themselves", async () => {
    const byOwner = await api.create({
      subject: "For the AI",
      customer_id: w.a.customer.id,
      responsible: { kind: "ai_employee", id: w.a.aiEmployee.id },
    });
    expect(byOwner.statusCode, byOwner.body).toBe(201);
    expect(detailOf(byOwner.json()).responsible).toEqual({
      kind: "ai_employee",
      id: w.a.aiEmployee.id,
      name: w.a.aiEmployee.name,
    });
    const member = ticketsApi(w, w.a, w.a.member.headers);
    const forOwner = await member.create({
      subject: "For the owner",
      customer_id: w.a.customer.id,
      responsible: { kind: "user", id: w.a.userId },
    });
    expect(forOwner.statusCode).toBe(403);
    expect(forOwner.json()).toMatchObject({ error: "forbidden" });
    const forSelf = await member.create({
      subject: "Mine",
      customer_id: w.a.customer.id,
      responsible: { kind: "user", id: w.a.member.id },
    });
    expect(forSelf.statusCode, forSelf.body).toBe(201);
    expect(detailOf(forSelf.json()).responsible).toEqual({ kind: "user", id: w.a.member.id, name: "Alpha Member" });
  });

  it("refuses another company's customer, conversation, order and responsible with 422 naming each, writing nothing", async () => {
    const before = await rows(w.t.db, sql`select count(*)::int as n from tickets`);
    const cases: [Record<string, unknown>, string][] = [
      [{ customer_id: w.b.customer.id }, "customer_id"],
      [{ conversation_id: w.b.conversation.id }, "conversation_id"],
      [{ customer_id: w.a.customer.id, order_id: w.b.quote.id }, "order_id"],
      [{ customer_id: w.a.customer.id, responsible: { kind: "user", id: w.b.userId } }, "responsible.id"],
      [{ customer_id: w.a.customer.id, responsible: { kind: "ai_employee", id: w.b.aiEmployee.id } }, "responsible.id"],
    ];
    for (const [body, field] of cases) {
      const response = await api.create({ subject: "Cross-company", ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().details).toEqual([expect.objectContaining({ field })]);
      expect(response.body).not.toContain("Bravo");
    }
    expect(await rows(w.t.db, sql`select count(*)::int as n from tickets`)).toEqual(before);
  });

  it("refuses a body without a client, with both a picked and a typed one, or with a short subject", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ subject: "No client" }, "customer_id"],
      [{ subject: "Both", customer_id: w.a.customer.id, client: { full_name: "X" } }, "client"],
      [{ subject: "ab", customer_id: w.a.customer.id }, "subject"],
      [{ subject: "Bad priority", customer_id: w.a.customer.id, priority: "urgent" }, "priority"],
    ];
    for (const [body, field] of cases) {
      const response = await api.create(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    }
  });
});

describe("GET and PATCH /app/tickets/{id}.json", () => {
  it("answers the ticket with its links, and 404 for another company's, an unknown or a malformed id", async () => {
    const ticket = await insertTicket(w.t.db, w.a);
    const foreign = await insertTicket(w.t.db, w.b);
    const response = await api.get(ticket.id);
    expect(response.statusCode).toBe(200);
    expect(detailOf(response.json())).toMatchObject({
      id: ticket.id,
      createdBy: { type: "ai_employee", id: w.a.aiEmployee.id, name: w.a.aiEmployee.name },
      conversation: { id: w.a.conversation.id },
      order: { id: w.a.quote.id },
    });
    for (const id of [foreign.id, "7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8d", "not-a-ticket"]) {
      const missing = await api.get(id);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: "not_found", error_description: "Ticket not found" });
    }
  });

  it("edits fields, recording each change; a change that changes nothing is 422", async () => {
    const ticket = await insertTicket(w.t.db, w.a);
    const response = await api.update(ticket.id, {
      priority: "high",
      type: "problem",
      subject: "Two pallets arrived damaged",
      tags: ["Damaged"],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(detailOf(response.json())).toMatchObject({
      priority: "high",
      type: "problem",
      subject: "Two pallets arrived damaged",
      tags: ["damaged"],
    });
    const kinds = (await activityKinds(ticket.id)).map((row) => row.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(["ticket.created", "ticket.priority_changed", "ticket.type_changed", "ticket.updated"]),
    );
    const again = await api.update(ticket.id, { priority: "high" });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ error: "invalid_transition" });
    const empty = await api.update(ticket.id, {});
    expect(empty.statusCode).toBe(400);
  });

  it("links only the client's own order, and another company's ticket is a 404 to edit", async () => {
    const ticket = await insertTicket(w.t.db, w.a, { orderId: null });
    const foreignOrder = await api.update(ticket.id, { order_id: w.b.quote.id });
    expect(foreignOrder.statusCode).toBe(422);
    expect(foreignOrder.json().details).toEqual([expect.objectContaining({ field: "order_id" })]);
    const linked = await api.update(ticket.id, { order_id: w.a.quote.id });
    expect(detailOf(linked.json()).order).toMatchObject({ id: w.a.quote.id });
    const foreign = await insertTicket(w.t.db, w.b);
    const response = await api.update(foreign.id, { priority: "low" });
    expect(response.statusCode).toBe(404);
    const [row] = await rows(w.t.db, sql`select priority from tickets where id = ${foreign.id}`);
    expect(row!.priority).toBe("medium");
  });
});

describe("GET /app/tickets/clients.json", () => {
  it("lists the company's customers by name, matching name, organization, email or phone, at most 20", async () => {
    await w.t.db.execute(sql`
      insert into customers (company_id, full_name, email, phone, organization)
      select ${w.a.companyId}, 'Picker ' || lpad(i::text, 2, '0'), 'picker' || i || '@example.com', null, 'Pick Co'
      from generate_series(1, 25) as i`);
    const all = await api.clients("picker");
    expect(all.statusCode).toBe(200);
    const { clients } = ticketClientsSchema.parse(camelizeKeys(all.json()));
    expect(clients).toHaveLength(20);
    expect(clients.map((c) => c.fullName)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Picker ${String(i + 1).padStart(2, "0")}`),
    );
    expect(clients[0]).toMatchObject({ organization: "Pick Co", email: "picker1@example.com", phone: null });
    const byOrganization = (await api.clients("alpha buyers")).json().clients;
    expect(byOrganization.map((c: { full_name: string }) => c.full_name)).toEqual(["Alpha Customer"]);
    const wildcard = (await api.clients("%")).json().clients;
    expect(wildcard).toEqual([]);
    const foreign = (await api.clients("Bravo")).json().clients;
    expect(foreign).toEqual([]);
  });
});
