import { inflateSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareDatabase } from "#server/prepare-database.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { pdfText } from "#server/test/pdf-text.ts";
import { wantsText } from "./conversation-text.ts";
import { DEMO_DONE_TASKS_PER_COMPANY, DEMO_ORDERS_PER_COMPANY, DEMO_TODO_TASKS_PER_COMPANY } from "./demo-data.ts";
import { floorPlanPng, textPdf } from "./demo-files.ts";
import { timeline } from "./message-timeline.ts";
import { ANDES_PROFILE, NORTHWIND_PROFILE, type SalesProfile } from "./sales-profiles.ts";
import { buildConversationRows } from "./seed-conversations.ts";
import { buildSalesRows } from "./seed-sales.ts";

const COMPANY = "00000000-0000-4000-8000-000000000001";
const AI = [
  { id: "00000000-0000-4000-8000-0000000000a1", name: "Nora Quinn" },
  { id: "00000000-0000-4000-8000-0000000000a2", name: "Leo Hart" },
];
const STAFF = [{ id: "00000000-0000-4000-8000-0000000000b1", name: "Demo Manager" }];
const HOUR = 3_600_000;

function build(profile: SalesProfile, iso: string, seed = 1) {
  const now = new Date(iso);
  const sales = buildSalesRows({
    companyId: COMPANY,
    profile,
    orders: DEMO_ORDERS_PER_COMPANY,
    aiEmployeeIds: AI.map((a) => a.id),
    seed,
    now,
  });
  let key = 0;
  const rows = buildConversationRows({
    companyId: COMPANY,
    companyName: profile.locale === "es" ? "Andes Comercial" : "Northwind Supply",
    profile,
    sales,
    aiEmployees: AI,
    staff: STAFF,
    seed,
    now,
    accessKey: () => `key-${key++}`,
  });
  return { now, sales, rows };
}

describe("the conversation seed rows", () => {
  const { now, sales, rows } = build(NORTHWIND_PROFILE, "2026-11-21T10:30:00Z");
  const byConversation = new Map<string, typeof rows.messages>();
  for (const message of rows.messages) {
    byConversation.set(message.conversationId, [...(byConversation.get(message.conversationId) ?? []), message]);
  }
  const time = (value: unknown) => (value as Date).getTime();

  it("give every conversation 3 to 12 messages in order, between its creation and now", () => {
    expect(byConversation.size).toBe(sales.conversations.length);
    for (const conversation of sales.conversations) {
      const messages = byConversation.get(conversation.id!)!;
      expect(messages.length).toBeGreaterThanOrEqual(3);
      expect(messages.length).toBeLessThanOrEqual(12);
      const times = messages.map((m) => time(m.createdAt));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(new Set(times).size).toBe(times.length);
      expect(times[0]).toBeGreaterThanOrEqual(time(conversation.createdAt));
      expect(times.at(-1)).toBeLessThanOrEqual(now.getTime());
      expect(messages[0]!.senderType).toBe("customer");
      expect(messages.some((m) => m.senderType === "ai")).toBe(true);
    }
  });

  it("fill in each conversation's last activity, status and handler from its messages", () => {
    const openTasks = new Set(rows.tasks.filter((t) => t.state === "to_do").map((t) => t.conversationId));
    const stageOf = new Map(sales.leads.map((l) => [l.conversationId, l.stage]));
    for (const conversation of sales.conversations) {
      const messages = byConversation.get(conversation.id!)!;
      const last = messages.at(-1)!;
      expect(conversation.lastActivityAt).toEqual(last.createdAt);
      expect(conversation.aiEmployeeId).toBeTruthy();
      const staff = messages.filter((m) => m.senderType === "staff");
      expect(conversation.handledBy).toBe(staff.length > 0 ? "staff" : "ai");
      expect(conversation.takenOverAt ?? null).toEqual(staff[0]?.createdAt ?? null);
      // Nobody but staff writes after a staff member took over.
      if (staff.length > 0) {
        const after = messages.slice(messages.indexOf(staff[0]!));
        expect(after.every((m) => m.senderType !== "ai")).toBe(true);
      }
      const stage = stageOf.get(conversation.id!);
      if (openTasks.has(conversation.id!)) expect(conversation.status).toBe("open");
      else if (stage === "won" || stage === "lost") expect(conversation.status).toBe("resolved");
      else if (time(last.createdAt) >= now.getTime() - 14 * 24 * HOUR) {
        expect(conversation.status).toBe(last.senderType === "customer" ? "open" : "pending");
      }
    }
    const taken = sales.conversations.filter((c) => c.handledBy === "staff");
    expect(taken.length).toBeGreaterThan(2);
    expect(new Set(sales.conversations.map((c) => c.status))).toEqual(new Set(["open", "pending", "resolved"]));
  });

  it("name who wrote each message", () => {
    const customers = new Map(sales.customers.map((c) => [c.id, c.fullName]));
    const conversations = new Map(sales.conversations.map((c) => [c.id, c]));
    for (const message of rows.messages) {
      const conversation = conversations.get(message.conversationId)!;
      if (message.senderType === "customer") expect(message.senderName).toBe(customers.get(conversation.customerId!));
      if (message.senderType === "ai") {
        expect(AI.map((a) => a.id)).toContain(message.aiEmployeeId);
        expect(message.senderName).toBe(AI.find((a) => a.id === message.aiEmployeeId)!.name);
      }
      if (message.senderType === "staff")
        expect(message).toMatchObject({ userId: STAFF[0]!.id, senderName: "Demo Manager" });
    }
  });

  it("escalate open action items due in 1–48 hours and answered ones with a resolver", () => {
    const todo = rows.tasks.filter((t) => t.state === "to_do");
    const done = rows.tasks.filter((t) => t.state === "done");
    expect(todo).toHaveLength(8);
    expect(done).toHaveLength(10);
    expect(new Set(todo.map((t) => t.actionType))).toEqual(new Set(["authorize", "question"]));
    expect(new Set(done.map((t) => t.actionType))).toEqual(new Set(["authorize", "question"]));
    const conversationIds = new Set(sales.conversations.map((c) => c.id));
    const quotes = new Map(sales.quotes.map((q) => [q.id, q]));
    for (const task of rows.tasks) {
      expect(conversationIds.has(task.conversationId)).toBe(true);
      expect(task.companyId).toBe(COMPANY);
      expect(task.title.length).toBeGreaterThan(5);
      expect(task.tags!.length).toBe(1);
      if (task.actionType === "authorize") {
        expect(task.assignableType).toBe("Quote");
        expect(quotes.get(task.assignableId)?.conversationId).toBe(task.conversationId);
      } else {
        expect(task).toMatchObject({ assignableType: "Conversation", assignableId: task.conversationId });
      }
      const thread = rows.taskMessages.filter((m) => m.taskId === task.id);
      expect(thread[0]).toMatchObject({ authorType: "ai", content: task.question });
      expect(time(task.createdAt)).toBeLessThanOrEqual(now.getTime());
      expect(task.updatedAt).toEqual(thread.at(-1)!.createdAt);
      // The AI told the customer it would check, right before it asked staff.
      const messages = byConversation.get(task.conversationId)!;
      const hold = messages.filter((m) => time(m.createdAt) <= time(task.createdAt)).at(-1)!;
      expect(hold.senderType).toBe("ai");
    }
    for (const task of todo) {
      expect(time(task.dueAt)).toBeGreaterThan(now.getTime() + HOUR);
      expect(time(task.dueAt)).toBeLessThanOrEqual(now.getTime() + 48 * HOUR);
      expect(task).toMatchObject({ answer: null, decision: null, resolvedAt: null, resolvedByUserId: null });
      expect(rows.taskMessages.filter((m) => m.taskId === task.id)).toHaveLength(1);
    }
    for (const task of done) {
      expect(task.answer).toBeTruthy();
      expect(task.resolvedByUserId).toBe(STAFF[0]!.id);
      expect(time(task.resolvedAt)).toBeGreaterThan(time(task.createdAt));
      expect(time(task.resolvedAt)).toBeLessThan(time(task.dueAt));
      expect(task.decision === null).toBe(task.actionType === "question");
      const thread = rows.taskMessages.filter((m) => m.taskId === task.id);
      expect(thread.map((m) => m.authorType)).toEqual(["ai", "staff", "ai"]);
      expect(thread[1]).toMatchObject({ content: task.answer, userId: STAFF[0]!.id });
    }
  });

  it("attach a few real files: quote PDFs and PNG photos", () => {
    expect(rows.attachments.length).toBeGreaterThan(20);
    const messageIds = new Set(rows.messages.map((m) => m.id));
    const kinds = new Set<string>();
    for (const attachment of rows.attachments) {
      expect(messageIds.has(attachment.messageId)).toBe(true);
      expect(attachment.byteSize).toBe(attachment.data.byteLength);
      kinds.add(attachment.contentType);
      const data = Buffer.from(attachment.data);
      if (attachment.contentType === "image/png") expect(data.subarray(1, 4).toString()).toBe("PNG");
      else expect(pdfText(data)).toContain(attachment.fileName.replace(/^Quote |\.pdf$/g, ""));
    }
    expect(kinds).toEqual(new Set(["image/png", "application/pdf"]));
  });

  it("are the same for the same seed and clock day, whatever the hour", () => {
    const early = build(NORTHWIND_PROFILE, "2026-11-21T03:00:00Z");
    const late = build(NORTHWIND_PROFILE, "2026-11-21T22:00:00Z");
    const beforeToday = (b: typeof early) =>
      b.rows.messages.filter((m) => (m.createdAt as Date) < new Date("2026-11-20T00:00:00Z"));
    expect(beforeToday(late)).toEqual(beforeToday(early));
    const done = (b: typeof early) => b.rows.tasks.filter((t) => t.state === "done");
    expect(done(late)).toEqual(done(early));
    expect(build(NORTHWIND_PROFILE, "2026-11-21T03:00:00Z").rows).toEqual(early.rows);
  });

  it("speak Spanish for Andes and English for Northwind", () => {
    const andes = build(ANDES_PROFILE, "2026-11-21T10:30:00Z", 2);
    const firstAi = (b: typeof andes) =>
      b.sales.conversations.map(
        (c) => b.rows.messages.find((m) => m.conversationId === c.id && m.senderType === "ai")!,
      );
    for (const message of firstAi(andes)) expect(message.content).toMatch(/Hola|¡|¿|Sí|Perfecto/);
    for (const message of firstAi({ sales, rows, now })) expect(message.content).toMatch(/^(Hi|I'm|Good to hear)/);
    expect(andes.rows.tasks.every((t) => /[¿ñíóáé]|Descuento|Despacho/.test(`${t.title} ${t.question}`))).toBe(true);
  });
});

describe("the seed's helpers", () => {
  it("keep message times as they are when they end before now", () => {
    expect(timeline([{ gap: 0 }, { gap: 60_000 }, { gap: 1000, notBefore: 500_000 }], 0, 10 * HOUR)).toEqual([
      0, 60_000, 500_000,
    ]);
  });

  it("squeeze message times that would run past now, order kept", () => {
    const now = 10 * HOUR;
    const times = timeline([{ gap: 0 }, { gap: 5 * HOUR }, { gap: 10 * HOUR }], 8 * HOUR, now);
    expect(times[0]).toBe(8 * HOUR);
    expect(times[2]).toBeLessThanOrEqual(now - 60_000);
    expect(times[1]!).toBeGreaterThan(times[0]!);
    expect(times[2]!).toBeGreaterThan(times[1]!);
    // A conversation started moments ago moves back just enough.
    const recent = timeline([{ gap: 0 }, { gap: 1000 }, { gap: 1000 }], now, now);
    expect(recent.at(-1)!).toBeLessThanOrEqual(now);
    expect(recent[1]! - recent[0]!).toBeGreaterThanOrEqual(1000);
  });

  it("say what a customer wants in their words", () => {
    const item = (productName: string, quantity: number, measureUnit: string) =>
      ({ quoteId: "q", sku: "s", productName, quantity, measureUnit, unitPriceCents: 1, totalCents: 1 }) as const;
    expect(
      wantsText(
        [
          item("Steel shelving unit", 21, "unit"),
          item("Packing tape 48mm", 3, "case"),
          item("Pallet jack 2500 kg", 2, "unit"),
        ],
        "en",
      ),
    ).toBe("21 steel shelving units, 3 cases of packing tape 48mm and 2 × pallet jack 2500 kg");
    expect(wantsText([item("Harina 25 kg", 1, "saco"), item("Quínoa orgánica", 27.5, "kg")], "es")).toBe(
      "1 saco de harina 25 kg y 27,5 kg de quínoa orgánica",
    );
  });

  it("draw a PNG and a PDF that readers accept", () => {
    const png = floorPlanPng(3);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.readUInt32BE(16)).toBe(160);
    expect(png.readUInt32BE(20)).toBe(120);
    const idat = png.indexOf("IDAT");
    const length = png.readUInt32BE(idat - 4);
    expect(inflateSync(png.subarray(idat + 4, idat + 4 + length))).toHaveLength(120 * (1 + 160 * 3));
    expect(png.length).toBeLessThan(2000);

    const pdf = textPdf("Andes Comercial: cotización Q-1042", [
      "Total (IVA incluido): $1.234.567",
      "Válida por 14 días.",
    ]);
    expect(pdf.subarray(0, 8).toString()).toBe("%PDF-1.4");
    expect(pdfText(pdf)).toBe(
      "Andes Comercial: cotización Q-1042\nTotal (IVA incluido): $1.234.567\nVálida por 14 días.",
    );
    // The cross-reference table points at each object.
    const text = pdf.toString("latin1");
    const xref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe("xref");
    for (const [index, offset] of [...text.matchAll(/^(\d{10}) 00000 n $/gm)].entries()) {
      expect(text.startsWith(`${index + 1} 0 obj\n`, Number(offset[1]))).toBe(true);
    }
  });
});

describe("the demo seed's conversations and tasks", () => {
  let t: TestApp;
  const query = async (statement: ReturnType<typeof sql>) =>
    ((await t.db.execute(statement)) as unknown as { rows: Record<string, unknown>[] }).rows;

  beforeAll(async () => {
    t = await createTestApp();
    await prepareDatabase(t.database, { seedDemo: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it("gives every conversation of both companies its messages, and the companies distinct chat accounts", async () => {
    const rows = await query(sql`
      select c.name, c.chat_account_id,
        (select count(*)::int from conversations v where v.company_id = c.id) as conversations,
        (select count(*)::int from conversations v where v.company_id = c.id
          and (select count(*) from messages m where m.conversation_id = v.id) < 3) as short_conversations,
        (select count(*)::int from conversations v where v.company_id = c.id
          and v.last_activity_at <> (select max(m.created_at) from messages m where m.conversation_id = v.id)) as stale,
        (select count(*)::int from messages m where m.company_id = c.id) as messages,
        (select count(*)::int from attachments a where a.company_id = c.id) as attachments,
        (select count(*)::int from conversations v where v.company_id = c.id and v.handled_by = 'staff') as taken_over
      from companies c order by c.name`);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ conversations: DEMO_ORDERS_PER_COMPANY * 1.5, short_conversations: 0, stale: 0 });
      expect(row.messages as number).toBeGreaterThan(2000);
      expect(row.attachments as number).toBeGreaterThan(20);
      expect(row.taken_over as number).toBeGreaterThan(2);
    }
    expect(new Set(rows.map((r) => r.chat_account_id)).size).toBe(2);
    // Messages and attachments belong to their conversation's company.
    const [mixed] = await query(sql`
      select (select count(*)::int from messages m join conversations v on v.id = m.conversation_id
          where v.company_id <> m.company_id) as messages,
        (select count(*)::int from attachments a join messages m on m.id = a.message_id
          where a.company_id <> m.company_id) as attachments`);
    expect(mixed).toEqual({ messages: 0, attachments: 0 });
  });

  it("gives each company open and answered action items about its own conversations", async () => {
    const rows = await query(sql`
      select c.name,
        (select count(*)::int from tasks k where k.company_id = c.id and k.state = 'to_do') as todo,
        (select count(*)::int from tasks k where k.company_id = c.id and k.state = 'done') as done,
        (select count(*)::int from tasks k where k.company_id = c.id and k.state = 'to_do' and k.due_at <= now()) as overdue,
        (select count(*)::int from tasks k where k.company_id = c.id
          and not exists (select 1 from task_messages m where m.task_id = k.id)) as without_thread
      from companies c order by c.name`);
    for (const row of rows) {
      expect(row).toMatchObject({
        todo: DEMO_TODO_TASKS_PER_COMPANY,
        done: DEMO_DONE_TASKS_PER_COMPANY,
        overdue: 0,
        without_thread: 0,
      });
    }
    const [foreign] = await query(sql`
      select
        (select count(*)::int from tasks k join conversations v on v.id = k.conversation_id
          where v.company_id <> k.company_id) as conversations,
        (select count(*)::int from tasks k join quotes q on q.id = k.quote_id where q.company_id <> k.company_id) as quotes,
        (select count(*)::int from tasks k join task_messages m on m.task_id = k.id
          where m.company_id <> k.company_id) as thread_messages,
        (select count(*)::int from tasks k join ai_employees e on e.id = k.ai_employee_id
          where e.company_id <> k.company_id) as ai_employees,
        (select count(*)::int from tasks k where k.state = 'done' and not exists (
          select 1 from memberships s where s.user_id = k.resolved_by_user_id and s.company_id = k.company_id)) as resolvers`);
    expect(foreign).toEqual({ conversations: 0, quotes: 0, thread_messages: 0, ai_employees: 0, resolvers: 0 });
  });

  it("reads attachment bytes back as they were written", async () => {
    const [png] = await query(sql`
      select encode(substring(data from 1 for 8), 'hex') as head, byte_size, octet_length(data) as length
      from attachments where content_type = 'image/png' limit 1`);
    expect(png).toMatchObject({ head: "89504e470d0a1a0a" });
    expect(png!.byte_size).toBe(png!.length);
  });
});
