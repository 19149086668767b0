import { camelizeKeys, type WorkforceOutcomes, workforceOutcomesSchema } from "@foreman/contract";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aiEmployees } from "#server/db/schema/index.ts";
import { changeTicket, openTicket, type TicketActor } from "#server/modules/tickets/index.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { apiHeaders, createDepartment, createMember, issueTokenFor } from "#server/test/fixtures.ts";

// The support desk's outcome figures: tickets opened in the period, tickets closed in it (whenever
// opened), and the median time from opening to that close, per AI employee and per department.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("the support desk's ticket figures", () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let companyId: string;
  let sam: { id: string; name: string };
  let maya: { id: string; name: string };
  let support: string;
  const now = Date.now();

  beforeAll(async () => {
    t = await createTestApp();
    const { user, company } = await createMember(t.db, "Ticket Figures Co");
    companyId = company.id;
    headers = apiHeaders((await issueTokenFor(t.db, user.id)).accessToken, companyId);
    support = (await createDepartment(t.db, companyId, { name: "Support", employees: 2 })).id;
    await createDepartment(t.db, companyId, { name: "Sales", sortOrder: 2, employees: 1 });
    const pair = await t.db
      .select({ id: aiEmployees.id, name: aiEmployees.name })
      .from(aiEmployees)
      .where(eq(aiEmployees.departmentId, support))
      .orderBy(asc(aiEmployees.name));
    [sam, maya] = [pair[0]!, pair[1]!];
    const staff: TicketActor = { type: "user", id: user.id, name: "Owner" };

    /** A ticket opened `openedAgo` ms before now by `by` (null: by staff), closed `closedAfter` later. */
    const ticket = async (
      by: { id: string; name: string } | null,
      openedAgo: number,
      closedAfter?: number,
      reopenAfter?: number,
    ) =>
      t.db.transaction(async (tx) => {
        const opened = await openTicket(tx, {
          companyId,
          actor: by ? { type: "ai_employee", id: by.id, name: by.name } : staff,
          subject: "Damaged pallet",
          description: "",
          priority: "high",
          type: "incident",
          source: "email",
          customerId: null,
          conversationId: null,
          orderId: null,
          aiEmployeeId: by?.id ?? null,
          responsible: null,
          tags: [],
          at: new Date(now - openedAgo),
        });
        const at = (after: number) => new Date(now - openedAgo + after);
        const scope = (after: number) => ({ companyId, ticketId: opened.id, actor: staff, at: at(after) });
        if (closedAfter !== undefined) await changeTicket(tx, scope(closedAfter), { kind: "close" });
        if (reopenAfter !== undefined) await changeTicket(tx, scope(reopenAfter), { kind: "reopen" });
      });

    // Sam, this week: closed after 1 h and 3 h; one opened ten days ago closed two days ago (8 days);
    // one closed and reopened (not closed); last week: one opened.
    await ticket(sam, 3 * DAY, HOUR);
    await ticket(sam, 2 * DAY, 3 * HOUR);
    await ticket(sam, 10 * DAY, 8 * DAY);
    await ticket(sam, DAY, 30 * MINUTE, 2 * HOUR);
    // Maya, this week: closed after 5 h and 10 h; last week: one closed after 2 h.
    await ticket(maya, DAY, 5 * HOUR);
    await ticket(maya, 2 * DAY, 10 * HOUR);
    await ticket(maya, 9 * DAY, 2 * HOUR);
    // Staff's own ticket, with no AI employee: on nobody's figures.
    await ticket(null, DAY, HOUR);
  });
  afterAll(async () => {
    await t.close();
  });

  const scoreboard = async (query: string) => {
    const response = await t.app.inject({ url: `/app/ai_employees/outcomes.json${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    const body = camelizeKeys<WorkforceOutcomes>(response.json());
    expect(workforceOutcomesSchema.safeParse(body).success).toBe(true);
    return body;
  };

  it("counts each employee's tickets opened and closed in the period, and the median time to close", async () => {
    const body = await scoreboard("?relative_date=weekly");
    const figures = (id: string) => body.employees.find((e) => e.id === id)!;
    expect(figures(sam.id).present).toMatchObject({
      ticketsOpened: 3,
      ticketsClosed: 3,
      medianCloseSeconds: 3 * 3600,
    });
    expect(figures(sam.id).past).toMatchObject({ ticketsOpened: 1, ticketsClosed: 0, medianCloseSeconds: null });
    expect(figures(maya.id).present).toMatchObject({
      ticketsOpened: 2,
      ticketsClosed: 2,
      medianCloseSeconds: 7.5 * 3600,
    });
    expect(figures(maya.id).past).toMatchObject({ ticketsOpened: 1, ticketsClosed: 1, medianCloseSeconds: 2 * 3600 });
    const seller = body.employees.find((e) => e.department.id !== support)!;
    expect(seller.present).toMatchObject({ ticketsOpened: 0, ticketsClosed: 0, medianCloseSeconds: null });
  });

  it("gives the department its employees' counts added up and the median over all their closes", async () => {
    const body = await scoreboard("?relative_date=weekly");
    const department = body.departments.find((d) => d.id === support)!;
    // Closes of 1 h, 3 h, 5 h, 10 h and 8 days: the median is 5 h (the employees' medians would give 5.25 h).
    expect(department.present).toMatchObject({ ticketsOpened: 5, ticketsClosed: 5, medianCloseSeconds: 5 * 3600 });
    expect(department.past).toMatchObject({ ticketsOpened: 2, ticketsClosed: 1, medianCloseSeconds: 2 * 3600 });
  });

  it("gives one employee's figures on its profile, and none for a period without tickets", async () => {
    const response = await t.app.inject({
      url: `/app/ai_employees/${maya.id}/outcomes.json?relative_date=daily`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    // Today: nothing was opened (the newest ticket is a day old).
    expect(body.present).toMatchObject({ tickets_opened: 0 });
    const month = await t.app.inject({ url: `/app/ai_employees/${maya.id}/outcomes.json`, headers });
    expect(month.json().present).toMatchObject({
      tickets_opened: 3,
      tickets_closed: 3,
      median_close_seconds: 5 * 3600,
    });
    const other = await createMember(t.db, "Other Co");
    const foreign = await t.app.inject({
      url: `/app/ai_employees/${maya.id}/outcomes.json`,
      headers: apiHeaders((await issueTokenFor(t.db, other.user.id)).accessToken, other.company.id),
    });
    expect(foreign.statusCode).toBe(404);
  });
});
