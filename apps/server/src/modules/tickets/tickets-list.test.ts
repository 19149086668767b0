import {
  camelizeKeys,
  parseCsv,
  parsePeriodQuery,
  TICKET_PRIORITIES,
  TICKET_SOURCES,
  TICKET_STATUS_FILTERS,
  TICKET_TYPES,
  type TicketSummary,
  type TicketsPage,
  ticketDisplayId,
  ticketsPageSchema,
} from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Ticket } from "#server/db/schema/index.ts";
import { rows, type TasksWorld, tasksWorld } from "#server/test/tasks-setup.ts";
import { insertTicket, ticketsApi } from "#server/test/tickets-setup.ts";

// The tickets list: each filter, the all/open/closed counts agreeing with the list, paging, sorts and
// the CSV export. Alpha's tickets are made with known values; what each filter must keep is worked
// out here from those values, independently of the SQL.

const DAY = 86_400_000;
const COUNT = 14;

let w: TasksWorld;
let api: ReturnType<typeof ticketsApi>;
let otherCustomer: { id: string };
const made: Ticket[] = [];
let foreign: Ticket;

beforeAll(async () => {
  w = await tasksWorld();
  api = ticketsApi(w);
  const [customer] = await rows(
    w.t.db,
    sql`insert into customers (company_id, full_name, organization, email)
        values (${w.a.companyId}, 'Zed Other', 'Other Org', 'zed@example.com') returning id`,
  );
  otherCustomer = { id: String(customer!.id) };
  const responsibles = [
    { kind: "user" as const, id: w.a.userId },
    { kind: "ai_employee" as const, id: w.a.aiEmployee.id },
    { kind: "user" as const, id: w.a.member.id },
    null,
    null,
  ];
  for (let i = 0; i < COUNT; i++) {
    const ours = i % 2 === 0;
    made.push(
      await insertTicket(w.t.db, w.a, {
        subject: i === 7 ? "Broken zipper on the bag" : `Damaged box number ${i}`,
        priority: TICKET_PRIORITIES[i % 3],
        type: TICKET_TYPES[i % 4],
        source: TICKET_SOURCES[i % 5],
        customerId: ours ? w.a.customer.id : otherCustomer.id,
        conversationId: ours && i % 4 === 0 ? w.a.conversation.id : null,
        orderId: null,
        responsible: responsibles[i % 5]!,
        tags: [...(i % 2 === 0 ? ["damaged"] : []), ...(i % 3 === 0 ? ["refund"] : [])],
        at: new Date(Date.now() - i * 2 * DAY - 3_600_000),
        closed: i % 4 === 1,
      }),
    );
  }
  foreign = await insertTicket(w.t.db, w.b, { subject: "Damaged box from Bravo" });
});
afterAll(async () => {
  await w.t.close();
});

const pageOf = (body: unknown) => camelizeKeys<TicketsPage>(body);
const newestFirst = (a: Ticket, b: Ticket) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** Asks for each status with the same filter and checks the rows and counts against `expected`. */
async function expectFilter(query: string, keep: (ticket: Ticket) => boolean) {
  const matching = made.filter(keep);
  const counts = {
    all: matching.length,
    open: matching.filter((t) => t.status === "open").length,
    closed: matching.filter((t) => t.status === "closed").length,
  };
  for (const status of TICKET_STATUS_FILTERS) {
    const response = await api.list(`${query}${query ? "&" : ""}status=${status}&per_page=100`);
    expect(response.statusCode, `${query} ${response.body}`).toBe(200);
    const page = pageOf(response.json());
    expect(ticketsPageSchema.safeParse(page).success).toBe(true);
    const expected = matching.filter((t) => status === "all" || t.status === status).sort(newestFirst);
    expect(
      page.tickets.map((t) => t.id),
      `${query} status=${status}`,
    ).toEqual(expected.map((t) => t.id));
    expect(page.counts, `${query} counts`).toEqual(counts);
    expect(page.total).toBe(page.counts[status]);
  }
  return matching;
}

describe("GET /app/tickets.json: filters and the all/open/closed counts", () => {
  it("lists every ticket of the company newest first by default, with the tabs' counts", async () => {
    const response = await api.list();
    const page = pageOf(response.json());
    expect(page).toMatchObject({ page: 1, perPage: 25, total: COUNT });
    expect(page.counts).toEqual({ all: COUNT, open: COUNT - 4, closed: 4 });
    expect(page.tickets.map((t) => t.id)).not.toContain(foreign.id);
    expect(response.body).not.toContain("Bravo");
    const first = page.tickets[0]!;
    expect(first).toMatchObject<Partial<TicketSummary>>({
      number: made[0]!.number,
      subject: "Damaged box number 0",
      client: {
        id: w.a.customer.id,
        fullName: "Alpha Customer",
        organization: "Alpha Buyers",
        email: "buyer@example.com",
        phone: "+1 555 0100",
      },
      responsible: { kind: "user", id: w.a.userId, name: w.a.userName },
      aiEmployee: { id: w.a.aiEmployee.id, name: w.a.aiEmployee.name },
      tags: ["damaged", "refund"],
    });
    await expectFilter("", () => true);
  });

  it.each(TICKET_PRIORITIES)("filters by priority %s", async (priority) => {
    expect((await expectFilter(`priority=${priority}`, (t) => t.priority === priority)).length).toBeGreaterThan(0);
  });

  it.each(TICKET_TYPES)("filters by type %s", async (type) => {
    expect((await expectFilter(`type=${type}`, (t) => t.type === type)).length).toBeGreaterThan(0);
  });

  it.each(TICKET_SOURCES)("filters by source %s", async (source) => {
    expect((await expectFilter(`source=${source}`, (t) => t.source === source)).length).toBeGreaterThan(0);
  });

  it("filters by responsible: a staff member, an AI employee, or none", async () => {
    const byUser = await expectFilter(`responsible=${w.a.member.id}`, (t) => t.assigneeUserId === w.a.member.id);
    expect(byUser.length).toBeGreaterThan(0);
    const byAi = await expectFilter(
      `responsible=${w.a.aiEmployee.id}`,
      (t) => t.assigneeAiEmployeeId === w.a.aiEmployee.id,
    );
    expect(byAi.length).toBeGreaterThan(0);
    const none = await expectFilter("responsible=none", (t) => !t.assigneeUserId && !t.assigneeAiEmployeeId);
    expect(none.length).toBeGreaterThan(0);
    await expectFilter(`responsible=${w.b.userId}`, () => false);
  });

  it("filters by tag, client and conversation", async () => {
    expect((await expectFilter("tag=refund", (t) => t.tags.includes("refund"))).length).toBeGreaterThan(0);
    expect((await expectFilter("tag=Damaged", (t) => t.tags.includes("damaged"))).length).toBeGreaterThan(0);
    await expectFilter(`customer_id=${otherCustomer.id}`, (t) => t.customerId === otherCustomer.id);
    await expectFilter(`conversation_id=${w.a.conversation.id}`, (t) => t.conversationId === w.a.conversation.id);
    await expectFilter(`customer_id=${w.b.customer.id}`, () => false);
  });

  it("searches the subject, the client's name or organization, and the number", async () => {
    await expectFilter("q=zipper", (t) => t.subject.includes("zipper"));
    await expectFilter("q=ZED", (t) => t.customerId === otherCustomer.id);
    await expectFilter("q=other%20org", (t) => t.customerId === otherCustomer.id);
    const target = made[5]!;
    await expectFilter(`q=${ticketDisplayId(target.number)}`, (t) => t.id === target.id);
    // A bare number also matches subjects holding it ("Damaged box number 1…").
    await expectFilter(`q=${target.number}`, (t) => t.id === target.id || t.subject.includes(String(target.number)));
    await expectFilter("q=%25", () => false);
    await expectFilter("q=Bravo", () => false);
  });

  it("filters by the created-at range, and combines filters", async () => {
    const day = (offset: number) => new Date(Date.now() - offset * DAY).toISOString().slice(0, 10);
    const query = `q[created_at_gteq]=${day(9)}&q[created_at_lteq]=${day(3)}`;
    const parsed = parsePeriodQuery({ gteq: day(9), lteq: day(3) }, { now: new Date(), defaultFrame: "monthly" });
    if (!parsed.ok) throw new Error(parsed.message);
    const inRange = (t: Ticket) => t.createdAt >= parsed.period.start && t.createdAt < parsed.period.end;
    expect((await expectFilter(query, inRange)).length).toBeGreaterThan(1);
    await expectFilter(`${query}&priority=high`, (t) => inRange(t) && t.priority === "high");
    const bad = await api.list("q[created_at_gteq]=2026-02-30&q[created_at_lteq]=2026-03-01");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([expect.objectContaining({ field: "q[created_at_gteq]" })]);
  });

  it("refuses unknown filter values with 400 naming the field", async () => {
    for (const [query, field] of [
      ["status=pending", "status"],
      ["priority=urgent", "priority"],
      ["responsible=someone", "responsible"],
      ["customer_id=42", "customer_id"],
      ["sort=subject", "sort"],
      ["per_page=101", "per_page"],
    ]) {
      const response = await api.list(query!);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    }
  });
});

describe("GET /app/tickets.json: paging and sorting", () => {
  it("pages through the list without repeating or skipping a ticket", async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const body = pageOf((await api.list(`per_page=5&page=${page}`)).json());
      expect(body).toMatchObject({ page, perPage: 5, total: COUNT });
      seen.push(...body.tickets.map((t) => t.id));
    }
    expect(seen).toEqual([...made].sort(newestFirst).map((t) => t.id));
  });

  it("sorts oldest first, by priority and by the latest change", async () => {
    const ids = async (sort: string) =>
      pageOf((await api.list(`sort=${sort}&per_page=100`)).json()).tickets.map((t) => t.id);
    expect(await ids("created_at")).toEqual(
      [...made]
        .sort(newestFirst)
        .reverse()
        .map((t) => t.id),
    );
    const rank = { high: 3, medium: 2, low: 1 } as const;
    const byPriority = (a: Ticket, b: Ticket) => rank[b.priority] - rank[a.priority] || newestFirst(a, b);
    expect(await ids("-priority")).toEqual([...made].sort(byPriority).map((t) => t.id));
    expect(await ids("priority")).toEqual(
      [...made].sort((a, b) => rank[a.priority] - rank[b.priority] || newestFirst(a, b)).map((t) => t.id),
    );
    const touched = made[9]!;
    expect((await api.update(touched.id, { priority: touched.priority === "low" ? "high" : "low" })).statusCode).toBe(
      200,
    );
    expect((await ids("-updated_at"))[0]).toBe(touched.id);
  });
});

describe("GET /app/tickets/export.csv", () => {
  it("exports every ticket the filters match, with a header, formula-like text made safe", async () => {
    const risky = await insertTicket(w.t.db, w.a, {
      subject: '=HYPERLINK("http://evil.example","Click")',
      customerId: otherCustomer.id,
      conversationId: null,
      orderId: null,
      tags: ["csv"],
    });
    const response = await api.exportCsv("tag=csv");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="tickets.csv"');
    const records = parseCsv(response.body).map((record) => record.fields);
    expect(records[0]).toEqual([
      "ticket_id",
      "subject",
      "status",
      "priority",
      "type",
      "source",
      "client",
      "organization",
      "email",
      "phone",
      "responsible",
      "ai_employee",
      "tags",
      "requested_at",
      "created_at",
      "closed_at",
    ]);
    expect(records).toHaveLength(2);
    expect(records[1]!.slice(0, 10)).toEqual([
      ticketDisplayId(risky.number),
      `'=HYPERLINK("http://evil.example","Click")`,
      "Open",
      "Medium",
      "Incident",
      "WhatsApp",
      "Zed Other",
      "Other Org",
      "zed@example.com",
      "",
    ]);
    expect(records[1]![12]).toBe("csv");
  });

  it("holds the same tickets as the list for a filter, newest first, and nothing of another company", async () => {
    const response = await api.exportCsv("status=open&tag=damaged");
    const numbers = parseCsv(response.body)
      .slice(1)
      .map((record) => record.fields[0]);
    const list = pageOf((await api.list("status=open&tag=damaged&per_page=100")).json());
    expect(numbers).toEqual(list.tickets.map((t) => ticketDisplayId(t.number)));
    expect(numbers.length).toBe(list.total);
    expect(response.body).not.toContain("Bravo");
    const bad = await api.exportCsv("priority=urgent");
    expect(bad.statusCode).toBe(400);
  });
});
