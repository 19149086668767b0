import {
  camelizeKeys,
  employeeOutcomesSchema,
  type OutcomeFigures,
  type WorkforceOutcomes,
  workforceOutcomesSchema,
} from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, issueTokenFor } from "#server/test/fixtures.ts";
import {
  customRange,
  previousRange,
  relativeRange,
  rows,
  type SeededSales,
  seededSalesApp,
} from "#server/test/sales-setup.ts";

// The outcomes endpoints over the real demo seed. Expected figures are plain SQL written here,
// independently of the repository; the revenue must add up to the dashboard's total sales.

type Range = { start: Date; end: Date };

describe("AI employee outcomes", () => {
  let s: SeededSales;
  beforeAll(async () => {
    s = await seededSalesApp();
  });
  afterAll(async () => {
    await s.t.close();
  });

  const get = (companyId: string, url: string) => s.t.app.inject({ method: "GET", url, headers: s.headers(companyId) });
  const scoreboard = async (companyId: string, query = "") => {
    const response = await get(companyId, `/app/ai_employees/outcomes.json${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = camelizeKeys<WorkforceOutcomes>(response.json());
    expect(workforceOutcomesSchema.safeParse(body).success).toBe(true);
    return body;
  };

  /** One employee's figures for a range, counted straight from the tables. */
  async function expectedFigures(companyId: string, employeeId: string, range: Range) {
    const inRange = (table: string) =>
      sql.raw(
        `${table}.company_id = '${companyId}' and ${table}.ai_employee_id = '${employeeId}' and ${table}.created_at >= '${range.start.toISOString()}' and ${table}.created_at < '${range.end.toISOString()}'`,
      );
    const [q] = await rows(
      s.t.db,
      sql`select
        coalesce(sum(total_cents) filter (where state = 'completed' and currency = (select currency from companies where id = ${companyId})), 0)::float8 as revenue,
        count(*)::int as quotes,
        count(*) filter (where state in ('confirmed', 'pending', 'completed'))::int as orders,
        count(*) filter (where state = 'completed')::int as won
        from quotes where ${inRange("quotes")}`,
    );
    const [l] = await rows(
      s.t.db,
      sql`select count(*)::int as leads, count(*) filter (where stage = 'won')::int as won from leads where ${inRange("leads")}`,
    );
    const [c] = await rows(s.t.db, sql`select count(*)::int as n from conversations where ${inRange("conversations")}`);
    const [t] = await rows(
      s.t.db,
      sql`select count(*)::int as raised, count(*) filter (where state = 'to_do')::int as open from tasks where ${inRange("tasks")}`,
    );
    const [k] = await rows(s.t.db, sql`select count(*)::int as n from tickets where ${inRange("tickets")}`);
    const [closed] = await rows(
      s.t.db,
      sql.raw(
        `select count(*)::int as n from tickets where company_id = '${companyId}' and ai_employee_id = '${employeeId}' and status = 'closed' and closed_at >= '${range.start.toISOString()}' and closed_at < '${range.end.toISOString()}'`,
      ),
    );
    const [r] = await rows(
      s.t.db,
      sql.raw(
        `select count(*) filter (where reply_message_id is not null)::int as replies, count(*) filter (where outcome = 'handed_off')::int as handoffs from agent_runs where company_id = '${companyId}' and ai_employee_id = '${employeeId}' and finished_at >= '${range.start.toISOString()}' and finished_at < '${range.end.toISOString()}'`,
      ),
    );
    return {
      revenueCents: Number(q!.revenue),
      quotes: Number(q!.quotes),
      orders: Number(q!.orders),
      won: Number(q!.won),
      leads: Number(l!.leads),
      leadsWon: Number(l!.won),
      conversations: Number(c!.n),
      actionItemsRaised: Number(t!.raised),
      actionItemsOpen: Number(t!.open),
      aiReplies: Number(r!.replies),
      handoffs: Number(r!.handoffs),
      ticketsOpened: Number(k!.n),
      ticketsClosed: Number(closed!.n),
    };
  }
  const counted = ({ medianFirstReplySeconds: _reply, medianCloseSeconds: _close, ...rest }: OutcomeFigures) => rest;

  it("gives every employee its figures for the period and the one before, equal to SQL counts", async () => {
    const body = await scoreboard(s.northwind);
    expect(body.period.frame).toBe("monthly");
    const range = relativeRange(30);
    const employees = await rows(s.t.db, sql`select id from ai_employees where company_id = ${s.northwind}`);
    expect(body.employees.map((e) => e.id).sort()).toEqual(employees.map((e) => String(e.id)).sort());
    const busiest = [...body.employees].sort((a, b) => b.present.quotes - a.present.quotes)[0]!;
    expect(busiest.present.quotes).toBeGreaterThan(0);
    for (const employee of body.employees) {
      expect(counted(employee.present)).toEqual(await expectedFigures(s.northwind, employee.id, range));
      expect(counted(employee.past)).toEqual(await expectedFigures(s.northwind, employee.id, previousRange(range)));
    }
  });

  it("sums, over the employees, to the dashboard's total sales for the orders that have an AI employee", async () => {
    for (const [companyId, query] of [
      [s.northwind, "?relative_date=monthly"],
      [s.andes, "?relative_date=weekly"],
      [s.northwind, "?q[created_at_gteq]=2026-01-01&q[created_at_lteq]=2026-12-31"],
    ] as const) {
      const body = await scoreboard(companyId, query);
      const revenue = body.employees.reduce((sum, e) => sum + e.present.revenueCents, 0);
      const dashboard = await get(companyId, `/app/companies/${companyId}/sales_indicators.json${query}`);
      const total = Math.round(dashboard.json().total_sales_amount.present * 100);
      const range = query.includes("gteq")
        ? customRange("2026-01-01", "2026-12-31")
        : relativeRange(query.includes("weekly") ? 7 : 30);
      const [unassigned] = await rows(
        s.t.db,
        sql`select coalesce(sum(total_cents), 0)::float8 as cents from quotes
            where company_id = ${companyId} and ai_employee_id is null and state = 'completed'
              and currency = (select currency from companies where id = ${companyId})
              and created_at >= ${range.start.toISOString()} and created_at < ${range.end.toISOString()}`,
      );
      expect(revenue).toBeGreaterThan(0);
      expect(revenue).toBe(total - Number(unassigned!.cents));
      // A department's counts are its employees' counts added up.
      for (const department of body.departments) {
        const members = body.employees.filter((e) => e.department.id === department.id);
        expect(department.employees).toBe(members.length);
        expect(department.present.revenueCents).toBe(members.reduce((sum, e) => sum + e.present.revenueCents, 0));
        expect(department.present.conversations).toBe(members.reduce((sum, e) => sum + e.present.conversations, 0));
      }
    }
  });

  it("keeps one department with department_id, and refuses another company's", async () => {
    const all = await scoreboard(s.northwind);
    const sales = all.departments.find((d) => d.name === "Sales")!;
    const one = await scoreboard(s.northwind, `?department_id=${sales.id}`);
    expect(one.departments.map((d) => d.id)).toEqual([sales.id]);
    expect(one.employees.every((e) => e.department.id === sales.id)).toBe(true);
    expect(one.employees.length).toBe(sales.employees);
    const andesDepartment = (await scoreboard(s.andes)).departments[0]!;
    const foreign = await get(s.northwind, `/app/ai_employees/outcomes.json?department_id=${andesDepartment.id}`);
    expect(foreign.statusCode).toBe(404);
    const malformed = await get(s.northwind, "/app/ai_employees/outcomes.json?department_id=nope");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details).toEqual([expect.objectContaining({ field: "department_id" })]);
    const badFrame = await get(s.northwind, "/app/ai_employees/outcomes.json?relative_date=yearly");
    expect(badFrame.statusCode).toBe(400);
  });

  it("gives one employee's figures with a series whose buckets add up to them", async () => {
    const body = await scoreboard(s.northwind);
    const employee = [...body.employees].sort((a, b) => b.present.revenueCents - a.present.revenueCents)[0]!;
    const response = await get(s.northwind, `/app/ai_employees/${employee.id}/outcomes.json`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = camelizeKeys<Record<string, unknown>>(response.json());
    const parsed = employeeOutcomesSchema.parse(detail);
    expect(parsed.present).toEqual(employee.present);
    expect(parsed.past).toEqual(employee.past);
    expect(parsed.bucket).toBe("day");
    expect(parsed.series).toHaveLength(30);
    expect(parsed.series.reduce((sum, p) => sum + p.revenueCents, 0)).toBe(parsed.present.revenueCents);
    expect(parsed.series.reduce((sum, p) => sum + p.orders, 0)).toBe(parsed.present.orders);
    expect(parsed.series.reduce((sum, p) => sum + p.conversations, 0)).toBe(parsed.present.conversations);
  });

  it("answers the same 404 for another company's, an unknown and a malformed employee", async () => {
    const andesEmployee = (await scoreboard(s.andes)).employees[0]!;
    for (const id of [andesEmployee.id, "7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8d", "not-an-id"]) {
      const response = await get(s.northwind, `/app/ai_employees/${id}/outcomes.json`);
      expect(response.statusCode, id).toBe(404);
    }
  });

  it("takes the median wait from each conversation's first customer message to the first reply", async () => {
    const { user, company } = await createMember(s.t.db, "Median Co");
    const token = (await issueTokenFor(s.t.db, user.id)).accessToken;
    const [department] = await rows(
      s.t.db,
      sql`insert into ai_departments (company_id, name, sort_order) values (${company.id}, 'Support', 1) returning id`,
    );
    const [employee, colleague] = await rows(
      s.t.db,
      sql`insert into ai_employees (company_id, department_id, name, role)
          values (${company.id}, ${department!.id}, 'Sam', 'Agent'), (${company.id}, ${department!.id}, 'Kim', 'Agent') returning id`,
    );
    const today = new Date();
    today.setUTCHours(0, 0, 0, 0);
    const at = (minutes: number, seconds = 0) => new Date(today.getTime() + minutes * 60_000 + seconds * 1000);
    // Sam's waits of 30 s, 90 s and 10 min; one conversation never answered; an AI greeting before the
    // customer's first message does not count as the reply. Kim's one wait of 45 s.
    const conversations: [number, ("ai" | "customer" | "staff")[], number[], string][] = [
      [1, ["customer", "ai"], [0, 30], employee!.id as string],
      [2, ["ai", "customer", "staff"], [0, 60, 150], employee!.id as string],
      [3, ["customer", "customer", "ai"], [0, 300, 600], employee!.id as string],
      [4, ["customer"], [0], employee!.id as string],
      [5, ["customer", "ai"], [0, 45], colleague!.id as string],
    ];
    for (const [displayId, senders, offsets, employeeId] of conversations) {
      const [conversation] = await rows(
        s.t.db,
        sql`insert into conversations (company_id, display_id, inbox_id, channel, ai_employee_id, created_at)
            values (${company.id}, ${displayId}, 1, 'email', ${employeeId}, ${at(displayId).toISOString()}) returning id`,
      );
      for (const [i, sender] of senders.entries()) {
        await s.t.db.execute(
          sql`insert into messages (company_id, conversation_id, sender_type, sender_name, content, created_at)
              values (${company.id}, ${conversation!.id}, ${sender}, ${sender}, 'hi', ${at(displayId, offsets[i]!).toISOString()})`,
        );
      }
    }
    const response = await s.t.app.inject({
      method: "GET",
      url: `/app/ai_employees/${employee!.id}/outcomes.json?relative_date=daily`,
      headers: { authorization: `Bearer ${token}`, "x-company-id": company.id },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.present.conversations).toBe(4);
    expect(body.present.median_first_reply_seconds).toBe(90);
    expect(body.past.median_first_reply_seconds).toBeNull();
    // On the scoreboard, the department's median is over all its conversations, not of its members' medians.
    const board = await s.t.app.inject({
      method: "GET",
      url: "/app/ai_employees/outcomes.json?relative_date=daily",
      headers: { authorization: `Bearer ${token}`, "x-company-id": company.id },
    });
    expect(board.statusCode, board.body).toBe(200);
    const medians = (list: { name: string; present: { median_first_reply_seconds: number | null } }[]) =>
      Object.fromEntries(list.map((row) => [row.name, row.present.median_first_reply_seconds]));
    expect(medians(board.json().employees)).toEqual({ Sam: 90, Kim: 45 });
    expect(medians(board.json().departments).Support).toBe(67.5);
  });
});
