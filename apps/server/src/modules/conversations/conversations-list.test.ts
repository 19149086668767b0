import { type ConversationsPage, camelizeKeys, conversationsPageSchema } from "@foreman/contract";
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

// GET /app/conversations.json on the demo workspace, each filter checked against the seeded rows read
// with plain SQL and filtered here in JavaScript (independently of the repository's query).

type Row = {
  id: string;
  channel: string;
  status: string;
  aiEmployeeId: string | null;
  displayId: number;
  lastActivity: number;
  customerName: string | null;
  organization: string | null;
  stage: string | null;
  need: string | null;
};

describe("GET /app/conversations.json", () => {
  let s: SeededSales;
  let all: Row[];

  beforeAll(async () => {
    s = await seededSalesApp();
    all = (
      await rows(
        s.t.db,
        sql`select c.id, c.channel, c.status, c.display_id, c.ai_employee_id,
            (extract(epoch from c.last_activity_at) * 1000)::float8 as last_activity,
            cu.full_name, cu.organization, l.stage, l.need
          from conversations c
          left join customers cu on cu.id = c.customer_id
          left join leads l on l.conversation_id = c.id
          where c.company_id = ${s.northwind}`,
      )
    ).map((r) => ({
      id: r.id as string,
      channel: r.channel as string,
      status: r.status as string,
      aiEmployeeId: r.ai_employee_id as string | null,
      displayId: Number(r.display_id),
      lastActivity: Number(r.last_activity),
      customerName: r.full_name as string | null,
      organization: r.organization as string | null,
      stage: r.stage as string | null,
      need: r.need as string | null,
    }));
  });
  afterAll(async () => {
    await s.t.close();
  });

  // Newest activity first, id (descending) breaking ties.
  const expected = (keep: (row: Row) => boolean) =>
    all
      .filter(keep)
      .sort((a, b) => b.lastActivity - a.lastActivity || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      .map((row) => row.id);

  const get = (query: string, companyId = s.northwind) =>
    s.t.app.inject({ method: "GET", url: `/app/conversations.json${query}`, headers: s.headers(companyId) });
  const list = async (query = "", companyId = s.northwind) => {
    const response = await get(query, companyId);
    expect(response.statusCode, response.body).toBe(200);
    const body = camelizeKeys<ConversationsPage>(response.json());
    expect(conversationsPageSchema.safeParse(body).success).toBe(true);
    return body;
  };
  /** Every id the filters match, reading all pages of 100. */
  const allIds = async (query: string) => {
    const first = await list(`?per_page=100${query}`);
    const ids = first.conversations.map((c) => c.id);
    for (let page = 2; (page - 1) * 100 < first.total; page++) {
      ids.push(...(await list(`?per_page=100&page=${page}${query}`)).conversations.map((c) => c.id));
    }
    expect(ids).toHaveLength(first.total);
    return ids;
  };

  it("filters by the AI employee handling it, and refuses an id that is not a UUID", async () => {
    const employee = all.find((row) => row.aiEmployeeId)!.aiEmployeeId!;
    const ids = expected((row) => row.aiEmployeeId === employee);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThan(all.length);
    expect(await allIds(`&ai_employee_id=${employee}`)).toEqual(ids);
    const bad = await get("?ai_employee_id=nope");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([expect.objectContaining({ field: "ai_employee_id" })]);
  });

  it("has one lead per seeded conversation (what the checks below assume)", () => {
    expect(new Set(all.map((row) => row.id)).size).toBe(all.length);
    expect(all.length).toBeGreaterThan(100);
  });

  it("lists every conversation (no date filter by default), newest activity first, 50 a page", async () => {
    const ids = expected(() => true);
    const body = await list();
    expect(body).toMatchObject({ total: ids.length, page: 1, perPage: 50 });
    expect(body.conversations.map((c) => c.id)).toEqual(ids.slice(0, 50));
    const third = await list("?page=3&per_page=20");
    expect(third.conversations.map((c) => c.id)).toEqual(ids.slice(40, 60));
    const beyond = await list(`?page=${Math.ceil(ids.length / 100) + 1}&per_page=100`);
    expect(beyond).toMatchObject({ conversations: [], total: ids.length });
  });

  it("gives each row its customer, lead, AI employee, account and last message", async () => {
    const body = await list("?per_page=100");
    const sample = body.conversations.slice(0, 100);
    const expectedRows = await rows(
      s.t.db,
      sql`select c.id, c.display_id, c.inbox_id, c.channel, c.status, c.handled_by, co.chat_account_id,
          cu.id as customer_id, cu.full_name, cu.organization,
          l.id as lead_id, l.stage, l.need, l.deal_size_cents, l.currency,
          e.id as ai_employee_id, e.name as ai_employee_name,
          (select m.content from messages m where m.conversation_id = c.id order by m.created_at desc, m.id desc limit 1) as last_content,
          (select m.sender_type from messages m where m.conversation_id = c.id order by m.created_at desc, m.id desc limit 1) as last_sender
        from conversations c
        join companies co on co.id = c.company_id
        left join customers cu on cu.id = c.customer_id
        left join leads l on l.conversation_id = c.id
        left join ai_employees e on e.id = c.ai_employee_id
        where c.company_id = ${s.northwind}`,
    );
    const byId = new Map(expectedRows.map((r) => [r.id as string, r]));
    for (const item of sample) {
      const r = byId.get(item.id)!;
      expect(item).toMatchObject({
        displayId: Number(r.display_id),
        inboxId: Number(r.inbox_id),
        accountId: Number(r.chat_account_id),
        channel: r.channel,
        status: r.status,
        handledBy: r.handled_by,
        customer: { id: r.customer_id, fullName: r.full_name, organization: r.organization },
        lead: {
          id: r.lead_id,
          stage: r.stage,
          need: r.need,
          dealSizeCents: Number(r.deal_size_cents),
          currency: r.currency,
        },
        aiEmployee: { id: r.ai_employee_id, name: r.ai_employee_name },
        lastMessage: { content: r.last_content, senderType: r.last_sender },
      });
      // The inbox orders by the last activity, which is the last message's time.
      expect(item.lastActivityAt).toBe(item.lastMessage!.createdAt);
    }
  });

  it.each([
    ["stage=won", (r: Row) => r.stage === "won"],
    ["stage=new", (r: Row) => r.stage === "new"],
    ["stage=quoted", (r: Row) => r.stage === "quoted"],
    ["channel=whatsapp", (r: Row) => r.channel === "whatsapp"],
    ["channel=email", (r: Row) => r.channel === "email"],
    ["status=open", (r: Row) => r.status === "open"],
    ["status=resolved", (r: Row) => r.status === "resolved"],
    ["stage=following_up&channel=phone", (r: Row) => r.stage === "following_up" && r.channel === "phone"],
    [
      "stage=lost&status=resolved&channel=sms",
      (r: Row) => r.stage === "lost" && r.status === "resolved" && r.channel === "sms",
    ],
  ])("filters by %s", async (query, keep) => {
    const ids = expected(keep);
    expect((await list(`?${query}`)).total).toBe(ids.length);
    expect(await allIds(`&${query}`)).toEqual(ids);
  });

  it("finds text in the customer's name and organization and the lead's need, case-insensitively", async () => {
    const sample = all.find((r) => r.customerName && r.organization && r.need)!;
    const contains = (value: string | null, text: string) => (value ?? "").toLowerCase().includes(text.toLowerCase());
    const texts = [
      sample.customerName!.split(" ")[0]!.toUpperCase(),
      sample.organization!.slice(1, 8).toLowerCase(),
      sample.need!.split(" ").slice(0, 2).join(" "),
    ];
    for (const text of texts) {
      const ids = expected(
        (r) => contains(r.customerName, text) || contains(r.organization, text) || contains(r.need, text),
      );
      expect(ids.length, text).toBeGreaterThan(0);
      expect(await allIds(`&q=${encodeURIComponent(text)}`), text).toEqual(ids);
    }
  });

  it("finds a conversation by its display id, with or without #", async () => {
    const target = all[7]!;
    const byNumber = await list(`?q=${target.displayId}`);
    expect(byNumber.conversations.map((c) => c.id)).toContain(target.id);
    expect(byNumber.conversations.every((c) => c.id === target.id || c.displayId !== target.displayId)).toBe(true);
    const withHash = await list(`?q=${encodeURIComponent(`#${target.displayId}`)}`);
    expect(withHash.conversations.map((c) => c.id)).toEqual([target.id]);
  });

  it("takes % and _ in the text literally", async () => {
    for (const text of ["%", "_", "\\", "100%"]) {
      const ids = expected((r) =>
        [r.customerName, r.organization, r.need].some((v) => (v ?? "").toLowerCase().includes(text.toLowerCase())),
      );
      expect(await allIds(`&q=${encodeURIComponent(text)}`), text).toEqual(ids);
    }
  });

  it("combines text and filters and treats a blank text as none", async () => {
    const sample = all.find((r) => r.stage === "won" && r.customerName)!;
    const text = sample.customerName!.split(" ")[1]!;
    const ids = expected(
      (r) =>
        r.stage === "won" &&
        [r.customerName, r.organization, r.need].some((v) => (v ?? "").toLowerCase().includes(text.toLowerCase())),
    );
    expect(await allIds(`&stage=won&q=${encodeURIComponent(text)}`)).toEqual(ids);
    expect((await list("?q=%20%20")).total).toBe(all.length);
  });

  it("keeps the conversations active in a relative frame or a custom range", async () => {
    for (const [frame, days] of [
      ["daily", 1],
      ["weekly", 7],
      ["monthly", 30],
    ] as const) {
      const range = relativeRange(days);
      const ids = expected((r) => r.lastActivity >= range.start.getTime() && r.lastActivity < range.end.getTime());
      expect(await allIds(`&relative_date=${frame}`), frame).toEqual(ids);
    }
    const now = new Date();
    const gteq = isoDay(new Date(now.getTime() - 20 * 86_400_000));
    const lteq = isoDay(new Date(now.getTime() - 10 * 86_400_000));
    const range = customRange(gteq, lteq);
    const ids = expected((r) => r.lastActivity >= range.start.getTime() && r.lastActivity < range.end.getTime());
    expect(ids.length).toBeGreaterThan(0);
    expect(await allIds(`&q[created_at_gteq]=${gteq}&q[created_at_lteq]=${lteq}`)).toEqual(ids);
    // A lone bound is ignored: still all time.
    expect((await list(`?q[created_at_gteq]=${gteq}`)).total).toBe(all.length);
  });

  it("lists only the company's conversations", async () => {
    const northwindIds = new Set(all.map((r) => r.id));
    const andesBody = await list("?per_page=100", s.andes);
    expect(andesBody.conversations.some((c) => northwindIds.has(c.id))).toBe(false);
    expect(andesBody.total).toBeGreaterThan(0);
  });

  it.each([
    ["q longer than 100 characters", `q=${"a".repeat(101)}`, "q"],
    ["an unknown stage", "stage=maybe", "stage"],
    ["an unknown channel", "channel=fax", "channel"],
    ["an unknown status", "status=closed", "status"],
    ["per_page above 100", "per_page=101", "per_page"],
    ["page 0", "page=0", "page"],
    ["an unknown relative_date", "relative_date=yearly", "relative_date"],
    ["a malformed date", "q[created_at_gteq]=yesterday&q[created_at_lteq]=2026-01-01", "q[created_at_gteq]"],
  ])("answers 400 naming the field for %s", async (_, query, field) => {
    const response = await get(`?${query}`);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toBe("invalid_request");
    expect(body.details.map((d: { field: string }) => d.field).join(" ")).toContain(field);
  });

  it("accepts 100 characters of text", async () => {
    expect((await get(`?q=${"a".repeat(100)}`)).statusCode).toBe(200);
  });
});
