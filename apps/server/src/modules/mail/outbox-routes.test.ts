import { camelizeKeys, MANAGER_ROLE_REQUIRED, outboundMailListSchema, outboundMailSchema } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { addMember, apiHeaders, createMember, createUser, issueTokenFor } from "#server/test/fixtures.ts";
import { type SmtpSink, smtpSink } from "#server/test/smtp-sink.ts";
import { rows, type TasksWorld, tasksWorld } from "#server/test/tasks-setup.ts";
import { TEST_MAIL_SUBJECT, TEST_MAILS_PER_MINUTE } from "./outbox.service.ts";

// The Outbox view and the test mail through the real HTTP layer, the real job queue and, with SMTP_URL,
// a real SMTP server on loopback: a test mail is kept unsent without a server and delivered with one.

type Headers = Record<string, string>;

const outbox = (t: TestApp, headers: Headers, query = "") =>
  t.app.inject({ url: `/app/outbound_mails.json${query}`, headers });
const sendTest = (t: TestApp, headers: Headers, payload: unknown) =>
  t.app.inject({ method: "POST", url: "/app/outbound_mails/test.json", headers, payload: payload as object });

async function outboxOf(t: TestApp, headers: Headers, query = "") {
  const response = await outbox(t, headers, query);
  expect(response.statusCode, response.body).toBe(200);
  return outboundMailListSchema.parse(camelizeKeys(response.json()));
}

const mailCount = async (t: TestApp, companyId: string) =>
  Number((await rows(t.db, sql`select count(*)::int as n from outbound_mails where company_id = ${companyId}`))[0]!.n);

async function ownerOfNewCompany(t: TestApp, name: string) {
  const { user, company } = await createMember(t.db, name);
  return { companyId: company.id, headers: apiHeaders((await issueTokenFor(t.db, user.id)).accessToken, company.id) };
}

describe("the outbox without an SMTP server", () => {
  let w: TasksWorld;
  let member: Headers;
  let admin: Headers;
  beforeAll(async () => {
    w = await tasksWorld();
    const roles: Record<string, Headers> = {};
    for (const role of ["member", "admin"] as const) {
      const user = await createUser(w.t.db);
      await addMember(w.t.db, user.id, w.a.companyId, role);
      roles[role] = apiHeaders((await issueTokenFor(w.t.db, user.id)).accessToken, w.a.companyId);
    }
    member = roles.member!;
    admin = roles.admin!;
  });
  afterAll(async () => {
    await w.t.close();
  });

  it("is empty at first and says no SMTP server is configured", async () => {
    expect(await outboxOf(w.t, w.a.headers)).toEqual({ outboundMails: [], smtpConfigured: false, total: 0 });
  });

  it("queues a test mail from MAIL_FROM saying who asked, and keeps it unsent", async () => {
    const response = await sendTest(w.t, w.a.headers, { to: " Ops@Alpha.Example " });
    expect(response.statusCode, response.body).toBe(202);
    const queued = outboundMailSchema.parse(camelizeKeys(response.json().outbound_mail));
    expect(queued).toMatchObject({
      from: w.t.config.mail.from,
      to: "ops@alpha.example",
      subject: TEST_MAIL_SUBJECT,
      state: "queued",
      attempts: 0,
      sentAt: null,
    });
    expect(queued.text).toContain("for Alpha");
    expect(queued.text).toContain(w.a.userName);

    // The job runs on its own: the mail ends up kept, with why.
    await expect
      .poll(async () => (await outboxOf(w.t, w.a.headers)).outboundMails[0]?.state, { timeout: 15_000 })
      .toBe("kept");
    const list = await outboxOf(w.t, w.a.headers);
    expect(list).toMatchObject({ smtpConfigured: false, total: 1 });
    expect(list.outboundMails[0]).toMatchObject({ id: queued.id, attempts: 1, sentAt: null });
    expect(list.outboundMails[0]!.lastError).toMatch(/SMTP_URL/);
    // Admins read and send too.
    expect((await outboxOf(w.t, admin)).total).toBe(1);
  });

  it("is for owners and admins only: a member neither reads it nor sends", async () => {
    const before = await mailCount(w.t, w.a.companyId);
    const read = await outbox(w.t, member);
    expect(read.statusCode).toBe(403);
    expect(read.json()).toEqual({ error: "forbidden", error_description: MANAGER_ROLE_REQUIRED });
    expect((await sendTest(w.t, member, { to: "ops@alpha.example" })).statusCode).toBe(403);
    expect(await mailCount(w.t, w.a.companyId)).toBe(before);
  });

  it("refuses a bad address or page, naming the field, and writes nothing", async () => {
    const before = await mailCount(w.t, w.a.companyId);
    for (const payload of [{ to: "not an address" }, {}, { to: "" }, { to: `${"a".repeat(250)}@x.example` }]) {
      const response = await sendTest(w.t, w.a.headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().details[0].field).toBe("to");
    }
    expect(await mailCount(w.t, w.a.companyId)).toBe(before);
    const badPage = await outbox(w.t, w.a.headers, "?per_page=101");
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().details[0].field).toBe("per_page");
  });

  it("keeps each company's mail to itself", async () => {
    expect(await outboxOf(w.t, w.b.headers)).toMatchObject({ outboundMails: [], total: 0 });
    const foreign = { ...w.a.headers, "x-company-id": w.b.companyId };
    expect((await outbox(w.t, foreign)).statusCode).toBe(404);
    expect((await sendTest(w.t, foreign, { to: "ops@alpha.example" })).statusCode).toBe(404);
    expect(await mailCount(w.t, w.b.companyId)).toBe(0);
  });

  it(`takes at most ${TEST_MAILS_PER_MINUTE} test mails a minute per company, counted in the database`, async () => {
    const limited = await ownerOfNewCompany(w.t, "Limited Co");
    const ids: string[] = [];
    for (let i = 0; i < TEST_MAILS_PER_MINUTE; i++) {
      const response = await sendTest(w.t, limited.headers, { to: `ops${i}@limited.example` });
      expect(response.statusCode, response.body).toBe(202);
      ids.push(response.json().outbound_mail.id);
    }
    const refused = await sendTest(w.t, limited.headers, { to: "ops@limited.example" });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: "too_many_requests" });
    expect(refused.headers["retry-after"]).toBe("60");
    expect(await mailCount(w.t, limited.companyId)).toBe(TEST_MAILS_PER_MINUTE);
    // Another company's count is its own.
    expect((await sendTest(w.t, w.b.headers, { to: "ops@bravo.example" })).statusCode).toBe(202);
    // A minute later (the rows' time moved back) the company may send again.
    await w.t.db.execute(
      sql`update outbound_mails set created_at = created_at - interval '61 seconds' where company_id = ${limited.companyId}`,
    );
    expect((await sendTest(w.t, limited.headers, { to: "again@limited.example" })).statusCode).toBe(202);

    // Newest first, paged, with the total of every mail.
    const first = await outboxOf(w.t, limited.headers, "?page=1&per_page=2");
    expect(first.total).toBe(TEST_MAILS_PER_MINUTE + 1);
    expect(first.outboundMails.map((mail) => mail.to)).toEqual(["again@limited.example", "ops4@limited.example"]);
    const last = await outboxOf(w.t, limited.headers, "?page=3&per_page=2");
    expect(last.outboundMails.map((mail) => mail.id)).toEqual([ids[1], ids[0]]);
    expect((await outboxOf(w.t, limited.headers, "?page=9")).outboundMails).toEqual([]);
  });
});

describe("the outbox with an SMTP server", () => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await smtpSink();
    t = await createTestApp({ env: { SMTP_URL: sink.url, MAIL_FROM: "Foreman <mail@foreman.example>" } });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it("delivers the test mail and lists it as sent", async () => {
    const owner = await ownerOfNewCompany(t, "Sending Co");
    const response = await sendTest(t, owner.headers, { to: "ops@sending.example" });
    expect(response.statusCode, response.body).toBe(202);
    const id = response.json().outbound_mail.id;
    await expect
      .poll(async () => (await outboxOf(t, owner.headers)).outboundMails[0]?.state, { timeout: 15_000 })
      .toBe("sent");
    const list = await outboxOf(t, owner.headers);
    expect(list).toMatchObject({ smtpConfigured: true, total: 1 });
    expect(list.outboundMails[0]).toMatchObject({ id, attempts: 1, lastError: null });
    expect(list.outboundMails[0]!.sentAt).not.toBeNull();
    expect(sink.mails).toHaveLength(1);
    expect(sink.mails[0]).toMatchObject({ from: "mail@foreman.example", to: ["ops@sending.example"] });
    const delivered = await simpleParser(sink.mails[0]!.raw);
    expect(delivered.subject).toBe(TEST_MAIL_SUBJECT);
    expect(delivered.text).toContain("for Sending Co,");
  });
});
