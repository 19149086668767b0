import { camelizeKeys, GETTING_STARTED_STEPS, gettingStartedSchema } from "@foreman/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  aiEmployees,
  apiChannels,
  companies,
  conversations,
  emailChannels,
  knowledgeEntries,
  products,
  tasks,
  websiteChats,
  whatsappConnections,
} from "#server/db/schema/index.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import {
  addMember,
  apiHeaders,
  createDepartment,
  createMember,
  createUser,
  issueTokenFor,
} from "#server/test/fixtures.ts";

// The checklist through the real routes: each step turns done when its row appears in the company (and
// only in that company), the dismissal is for owners and admins and hides it for everyone.

let t: TestApp;
type Person = { id: string; headers: Record<string, string> };
let companyId: string;
let owner: Person;
let member: Person;
let other: { companyId: string; headers: Record<string, string> };

async function person(companyIdOf: string, role: "owner" | "admin" | "member"): Promise<Person> {
  const user = await createUser(t.db);
  await addMember(t.db, user.id, companyIdOf, role);
  const token = (await issueTokenFor(t.db, user.id)).accessToken;
  return { id: user.id, headers: apiHeaders(token, companyIdOf) };
}

beforeAll(async () => {
  t = await createTestApp();
  const fresh = await createMember(t.db, "Fresh Co");
  companyId = fresh.company.id;
  owner = { id: fresh.user.id, headers: apiHeaders((await issueTokenFor(t.db, fresh.user.id)).accessToken, companyId) };
  member = await person(companyId, "member");
  const busy = await createMember(t.db, "Busy Co");
  other = {
    companyId: busy.company.id,
    headers: apiHeaders((await issueTokenFor(t.db, busy.user.id)).accessToken, busy.company.id),
  };
});
afterAll(() => t.close());

const checklist = async (headers: Record<string, string>) => {
  const response = await t.app.inject({ method: "GET", url: "/app/getting_started.json", headers });
  expect(response.statusCode).toBe(200);
  return response.json();
};
const doneSteps = async (headers = owner.headers) =>
  (await checklist(headers)).steps.filter((s: { done: boolean }) => s.done).map((s: { key: string }) => s.key);

/** Writes, for a company, the rows that complete each step (straight into the tables, not through the code under test). */
async function completeStep(forCompany: string, userId: string, step: (typeof GETTING_STARTED_STEPS)[number]) {
  const db = t.db;
  const employeeOf = async () => {
    const [row] = await db
      .select({ id: aiEmployees.id })
      .from(aiEmployees)
      .where(eq(aiEmployees.companyId, forCompany));
    return row!.id;
  };
  switch (step) {
    case "hire_employee": {
      const department = await createDepartment(db, forCompany, { name: "Sales" });
      await db
        .insert(aiEmployees)
        .values({ companyId: forCompany, departmentId: department.id, name: "Ana", role: "Sales" });
      return;
    }
    case "add_products":
      await db.insert(products).values({ companyId: forCompany, sku: "PAL-01", name: "Pallet", unitPriceCents: 1800 });
      return;
    case "add_knowledge":
      await db
        .insert(knowledgeEntries)
        .values({ companyId: forCompany, title: "Hours", source: "note", body: "9 to 5" });
      return;
    case "try_playground":
      await db.insert(conversations).values({
        companyId: forCompany,
        displayId: 1,
        inboxId: 1,
        channel: "web_chat",
        aiEmployeeId: await employeeOf(),
        isTest: true,
      });
      return;
    case "connect_channel":
      await db
        .insert(websiteChats)
        .values({ companyId: forCompany, name: "Shop", key: `wc_${forCompany.slice(0, 8)}` });
      return;
    case "answer_action_item": {
      const [conversation] = await db
        .insert(conversations)
        .values({ companyId: forCompany, displayId: 2, inboxId: 1, channel: "web_chat" })
        .returning({ id: conversations.id });
      await db.insert(tasks).values({
        companyId: forCompany,
        actionType: "question",
        title: "Delivery date?",
        question: "When can we deliver?",
        state: "done",
        answer: "Friday",
        dueAt: new Date(),
        resolvedAt: new Date(),
        resolvedByUserId: userId,
        assignableType: "Conversation",
        assignableId: conversation!.id,
        conversationId: conversation!.id,
      });
      return;
    }
  }
}

describe("GET /app/getting_started.json", () => {
  it("answers a new company every step to do, in order, snake_case", async () => {
    const body = await checklist(member.headers);
    expect(body).toEqual({
      steps: GETTING_STARTED_STEPS.map((key) => ({ key, done: false })),
      completed_count: 0,
      total: 6,
      dismissed: false,
    });
    expect(gettingStartedSchema.safeParse(camelizeKeys(body)).success).toBe(true);
  });

  it("never counts another company's rows", async () => {
    for (const step of GETTING_STARTED_STEPS) await completeStep(other.companyId, owner.id, step);
    expect(await doneSteps(other.headers)).toEqual([...GETTING_STARTED_STEPS]);
    expect(await doneSteps()).toEqual([]);
  });

  it("turns each step done when its row appears, one at a time", async () => {
    const done: string[] = [];
    for (const step of GETTING_STARTED_STEPS) {
      await completeStep(companyId, owner.id, step);
      done.push(step);
      expect(await doneSteps()).toEqual(done);
    }
    expect(await checklist(member.headers)).toMatchObject({ completed_count: 6, total: 6 });
  });
});

describe("what counts as a channel and an answered action item", () => {
  let probe: { companyId: string; userId: string; headers: Record<string, string> };
  beforeAll(async () => {
    const { user, company } = await createMember(t.db, "Probe Co");
    probe = {
      companyId: company.id,
      userId: user.id,
      headers: apiHeaders((await issueTokenFor(t.db, user.id)).accessToken, company.id),
    };
    await completeStep(probe.companyId, probe.userId, "hire_employee");
  });
  const channelDone = async () => (await doneSteps(probe.headers)).includes("connect_channel");

  it("does not count a revoked API channel, counts a live one", async () => {
    const values = {
      companyId: probe.companyId,
      name: "ERP",
      tokenPrefix: "fch_test",
      webhookSecret: "secret",
    };
    await t.db.insert(apiChannels).values({ ...values, tokenHash: "a".repeat(64), revokedAt: new Date() });
    expect(await channelDone()).toBe(false);
    await t.db.insert(apiChannels).values({ ...values, tokenHash: "b".repeat(64) });
    expect(await channelDone()).toBe(true);
    await t.db.delete(apiChannels).where(eq(apiChannels.companyId, probe.companyId));
  });

  it("counts an email channel only while it is switched on", async () => {
    const [channel] = await t.db
      .insert(emailChannels)
      .values({ companyId: probe.companyId, name: "Support", inboundLocal: "probe-co-x1y2z3", enabled: false })
      .returning({ id: emailChannels.id });
    expect(await channelDone()).toBe(false);
    await t.db.update(emailChannels).set({ enabled: true }).where(eq(emailChannels.id, channel!.id));
    expect(await channelDone()).toBe(true);
    await t.db.delete(emailChannels).where(eq(emailChannels.id, channel!.id));
  });

  it("counts a WhatsApp number only once it is connected", async () => {
    const [connection] = await t.db
      .insert(whatsappConnections)
      .values({ companyId: probe.companyId, state: "connecting", wabaId: "waba-1", phoneNumberId: "phone-probe" })
      .returning({ id: whatsappConnections.id });
    expect(await channelDone()).toBe(false);
    await t.db
      .update(whatsappConnections)
      .set({ state: "connected" })
      .where(eq(whatsappConnections.id, connection!.id));
    expect(await channelDone()).toBe(true);
  });

  it("does not count an action item still to do", async () => {
    const [conversation] = await t.db
      .insert(conversations)
      .values({ companyId: probe.companyId, displayId: 9, inboxId: 1, channel: "web_chat" })
      .returning({ id: conversations.id });
    await t.db.insert(tasks).values({
      companyId: probe.companyId,
      actionType: "authorize",
      title: "Discount",
      question: "May I give 10%?",
      dueAt: new Date(),
      assignableType: "Conversation",
      assignableId: conversation!.id,
      conversationId: conversation!.id,
    });
    expect(await doneSteps(probe.headers)).not.toContain("answer_action_item");
  });
});

describe("POST /app/getting_started/dismiss.json", () => {
  const dismiss = (headers: Record<string, string>) =>
    t.app.inject({ method: "POST", url: "/app/getting_started/dismiss.json", headers });

  it("refuses a member with 403 and hides nothing", async () => {
    const response = await dismiss(member.headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: "forbidden" });
    expect((await checklist(owner.headers)).dismissed).toBe(false);
  });

  it("lets an admin hide it for every member, only in their company, and is idempotent", async () => {
    const admin = await person(companyId, "admin");
    const first = await dismiss(admin.headers);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ dismissed: true, total: 6 });
    const [stored] = await t.db
      .select({ dismissedAt: companies.gettingStartedDismissedAt })
      .from(companies)
      .where(eq(companies.id, companyId));
    const dismissedAt = stored!.dismissedAt;
    expect(dismissedAt).toBeInstanceOf(Date);

    expect((await dismiss(owner.headers)).json()).toMatchObject({ dismissed: true });
    const [again] = await t.db
      .select({ dismissedAt: companies.gettingStartedDismissedAt })
      .from(companies)
      .where(eq(companies.id, companyId));
    expect(again!.dismissedAt).toEqual(dismissedAt);
    expect((await checklist(member.headers)).dismissed).toBe(true);
    expect((await checklist(other.headers)).dismissed).toBe(false);
  });
});
