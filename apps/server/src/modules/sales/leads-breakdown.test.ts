import { camelizeKeys, LEAD_STAGES, leadsBreakdownSchema } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  customRange,
  isoDay,
  relativeRange,
  rows,
  type SeededSales,
  seededSalesApp,
} from "#server/test/sales-setup.ts";

type Item = { id: string; currentStage: string; date: string; conversation: unknown; dealSize: unknown };
type Breakdown = { leads: Item[]; total: number };

describe("GET /app/companies/{companyId}/leads_breakdowns.json", () => {
  let s: SeededSales;
  beforeAll(async () => {
    s = await seededSalesApp();
  });
  afterAll(async () => {
    await s.t.close();
  });

  const get = (companyId: string, query = "") =>
    s.t.app.inject({
      method: "GET",
      url: `/app/companies/${companyId}/leads_breakdowns.json${query}`,
      headers: s.headers(companyId),
    });
  const breakdown = async (companyId: string, query = "") => {
    const response = await get(companyId, query);
    expect(response.statusCode, response.body).toBe(200);
    return camelizeKeys<Breakdown>(response.json());
  };

  // Newest first, id breaking ties, straight from the table.
  const expectedIds = async (companyId: string, range: { start: Date; end: Date }, stage?: string) =>
    (
      await rows(
        s.t.db,
        sql`select id from leads where company_id = ${companyId}
          and created_at >= ${range.start.toISOString()}::timestamptz and created_at < ${range.end.toISOString()}::timestamptz
          ${stage ? sql`and stage = ${stage}` : sql``}
          order by created_at desc, id desc`,
      )
    ).map((r) => r.id as string);

  it("lists the last 30 days' leads newest first, 25 a page by default, with the total", async () => {
    const ids = await expectedIds(s.northwind, relativeRange(30));
    expect(ids.length).toBeGreaterThan(25);
    const body = await breakdown(s.northwind, "?relative_date=monthly");
    expect(leadsBreakdownSchema.safeParse(body).success).toBe(true);
    expect(body.total).toBe(ids.length);
    expect(body.leads.map((l) => l.id)).toEqual(ids.slice(0, 25));
    const second = await breakdown(s.northwind, "?relative_date=monthly&page=2&per_page=25");
    expect(second.leads.map((l) => l.id)).toEqual(ids.slice(25, 50));
  });

  it("defaults to today, like the indicators beside it", async () => {
    const ids = await expectedIds(s.andes, relativeRange(1));
    const body = await breakdown(s.andes);
    expect(body.total).toBe(ids.length);
    expect(body.leads.map((l) => l.id)).toEqual(ids.slice(0, 25));
  });

  it("caps a page at 100 and refuses more", async () => {
    const ids = await expectedIds(
      s.andes,
      customRange(isoDay(new Date(Date.now() - 200 * 86_400_000)), isoDay(new Date())),
    );
    expect(ids.length).toBeGreaterThan(100);
    const gteq = isoDay(new Date(Date.now() - 200 * 86_400_000));
    const body = await breakdown(
      s.andes,
      `?per_page=100&q[created_at_gteq]=${gteq}&q[created_at_lteq]=${isoDay(new Date())}`,
    );
    expect(body.leads).toHaveLength(100);
    expect(body.total).toBe(ids.length);
    const refused = await get(s.andes, "?per_page=101");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.map((d: { field: string }) => d.field)).toContain("per_page");
  });

  it.each(LEAD_STAGES)("filters by stage=%s", async (stage) => {
    const ids = await expectedIds(s.northwind, relativeRange(30), stage);
    const body = await breakdown(s.northwind, `?relative_date=monthly&stage=${stage}&per_page=100`);
    expect(body.total).toBe(ids.length);
    expect(body.leads.map((l) => l.id)).toEqual(ids);
    for (const lead of body.leads) expect(lead.currentStage).toBe(stage);
  });

  it("gives each lead its source, channel, deal size and the chat ids of its conversation", async () => {
    const body = await breakdown(s.andes, "?relative_date=monthly&per_page=5");
    const [row] = await rows(
      s.t.db,
      sql`select l.id, l.source, l.channel, l.person_name, l.deal_size_cents, l.currency, l.stage, l.created_at,
            c.display_id, c.inbox_id, c.id as conversation_id
          from leads l join conversations c on c.id = l.conversation_id where l.id = ${body.leads[0]!.id}`,
    );
    expect(body.leads[0]).toEqual({
      id: row!.id,
      conversationId: row!.conversation_id,
      source: row!.source,
      channel: row!.channel,
      personName: row!.person_name,
      companyName: expect.toSatisfy((v: unknown) => v === null || typeof v === "string"),
      need: expect.any(String),
      dealSize: { amountCents: Number(row!.deal_size_cents), currency: row!.currency },
      date: new Date(row!.created_at as string).toISOString(),
      currentStage: row!.stage,
      conversation: { chatConversationDisplayId: Number(row!.display_id), chatInboxId: Number(row!.inbox_id) },
    });
  });

  it("uses the created_at range when both bounds are given and ignores a lone bound", async () => {
    const gteq = isoDay(new Date(Date.now() - 60 * 86_400_000));
    const lteq = isoDay(new Date(Date.now() - 45 * 86_400_000));
    const ids = await expectedIds(s.northwind, customRange(gteq, lteq));
    const body = await breakdown(s.northwind, `?q[created_at_gteq]=${gteq}&q[created_at_lteq]=${lteq}&per_page=100`);
    expect(body.leads.map((l) => l.id)).toEqual(ids);
    expect(await breakdown(s.northwind, `?q[created_at_gteq]=${gteq}&relative_date=weekly`)).toEqual(
      await breakdown(s.northwind, "?relative_date=weekly"),
    );
  });

  it.each([
    ["?stage=closed", "stage"],
    ["?relative_date=hourly", "relative_date"],
    ["?q[created_at_gteq]=2026-01-01&q[created_at_lteq]=2026-01-32", "q[created_at_lteq]"],
    ["?q[created_at_gteq]=2026-05-01&q[created_at_lteq]=2026-04-01", "q[created_at_lteq]"],
    ["?page=0", "page"],
    ["?per_page=abc", "per_page"],
  ])("answers 400 naming the field for %s", async (query, field) => {
    const response = await get(s.northwind, query);
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it("answers the company 404 when the path names another company than X-Company-ID", async () => {
    const response = await s.t.app.inject({
      method: "GET",
      url: `/app/companies/${s.andes}/leads_breakdowns.json`,
      headers: s.headers(s.northwind),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "not_found", error_description: "Company not found" });
  });
});
