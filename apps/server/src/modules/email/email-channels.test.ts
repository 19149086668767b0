import { camelizeKeys, EMAIL_CHANNEL_LIMITS, emailChannelListSchema, emailChannelSchema } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addMember,
  apiHeaders,
  createDepartment,
  createMember,
  createUser,
  issueTokenFor,
} from "#server/test/fixtures.ts";
import { rows, type TasksWorld, tasksWorld } from "#server/test/tasks-setup.ts";
import { insertEmailChannel } from "./email-channels.repository.ts";
import { companySlug, newInboundLocal } from "./email-channels.service.ts";

// Staff's side of the email channel through the real HTTP layer: opening, listing, editing and removing
// channels, the generated inbound address, the manager-only rule, the company checks, the limit and the log.

/** The database's own check on a channel's inbound local part (email_channels_inbound_local_check). */
const INBOUND_LOCAL = /^[a-z0-9][a-z0-9.-]{2,63}$/;
const DOMAIN = "mail.foreman.localhost";

describe("the inbound address's local part", () => {
  it("is the company's name made safe, at most 20 characters, or mail", () => {
    expect(companySlug("Northwind Supply Co.")).toBe("northwind-supply-co");
    expect(companySlug("  ¡Ñoño & Söhne GmbH — Wholesale Division!  ")).toBe("nono-sohne-gmbh-whol");
    expect(companySlug("Alpha  --  Beta")).toBe("alpha-beta");
    // Cut at 20 characters, a hyphen left at the end goes too.
    expect(companySlug("abcdefghijklmnopqrs tuvwxyz")).toBe("abcdefghijklmnopqrs");
    expect(companySlug("株式会社")).toBe("mail");
    expect(companySlug("!!!")).toBe("mail");
  });

  it("ends in six random base36 characters and always passes the database's check", () => {
    const names = ["Northwind", "株式会社", "A", "x".repeat(200), "--a--", "Ünïcödé Trading"];
    const made = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const local = newInboundLocal(names[i % names.length]!);
      expect(local).toMatch(INBOUND_LOCAL);
      expect(local).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*-[a-z0-9]{6}$/);
      made.add(local);
    }
    expect(made.size).toBe(300);
  });
});

describe("the email channels registry", () => {
  let w: TasksWorld;
  let memberHeaders: Record<string, string>;
  let adminHeaders: Record<string, string>;
  beforeAll(async () => {
    w = await tasksWorld();
    for (const role of ["member", "admin"] as const) {
      const user = await createUser(w.t.db);
      await addMember(w.t.db, user.id, w.a.companyId, role);
      const headers = apiHeaders((await issueTokenFor(w.t.db, user.id)).accessToken, w.a.companyId);
      if (role === "member") memberHeaders = headers;
      else adminHeaders = headers;
    }
  });
  afterAll(async () => {
    await w.t.close();
  });

  const open = (payload: Record<string, unknown>, headers = w.a.headers) =>
    w.t.app.inject({ method: "POST", url: "/app/email_channels.json", headers, payload });
  const patch = (id: string, payload: Record<string, unknown>, headers = w.a.headers) =>
    w.t.app.inject({ method: "PATCH", url: `/app/email_channels/${id}.json`, headers, payload });
  const remove = (id: string, headers = w.a.headers) =>
    w.t.app.inject({ method: "DELETE", url: `/app/email_channels/${id}.json`, headers });
  const list = async (headers = w.a.headers) => {
    const response = await w.t.app.inject({ url: "/app/email_channels.json", headers });
    expect(response.statusCode, response.body).toBe(200);
    return emailChannelListSchema.parse(camelizeKeys(response.json())).emailChannels;
  };
  const activityKinds = async (id: string) =>
    (await rows(w.t.db, sql`select kind from activities where subject_id = ${id} order by created_at`)).map(
      (row) => row.kind,
    );
  const channelCount = async (companyId: string) =>
    Number(
      (await rows(w.t.db, sql`select count(*)::int as n from email_channels where company_id = ${companyId}`))[0]!.n,
    );

  it("opens a channel answered by an AI employee, with a generated inbound address", async () => {
    const response = await open({ name: "Support mail", ai_employee_id: w.a.aiEmployee.id });
    expect(response.statusCode, response.body).toBe(201);
    const channel = emailChannelSchema.parse(camelizeKeys(response.json().email_channel));
    expect(channel.inboundAddress).toMatch(new RegExp(`^alpha-[a-z0-9]{6}@${DOMAIN.replaceAll(".", "\\.")}$`));
    expect(channel.inboundAddress.split("@")[0]).toMatch(INBOUND_LOCAL);
    expect(channel).toMatchObject({
      name: "Support mail",
      fromAddress: channel.inboundAddress,
      customFromAddress: false,
      aiEmployee: { id: w.a.aiEmployee.id, name: w.a.aiEmployee.name },
      department: null,
      enabled: true,
      conversationsCount: 0,
    });
    const [stored] = await rows(w.t.db, sql`select inbound_local from email_channels where id = ${channel.id}`);
    expect(`${stored!.inbound_local}@${DOMAIN}`).toBe(channel.inboundAddress);
    expect(await activityKinds(channel.id)).toEqual(["email_channel.created"]);
    // Newest first; members read the list too, with the world's channel and its one conversation.
    const listed = await list(memberHeaders);
    expect(listed[0]!.id).toBe(channel.id);
    expect(listed.find((c) => c.id === w.a.emailChannel.id)).toMatchObject({
      inboundAddress: `${w.a.emailChannel.inboundLocal}@${DOMAIN}`,
      conversationsCount: 1,
    });
  });

  it("opens one answered by a department, replying from the company's own address", async () => {
    const response = await open(
      { name: "Sales mail", department_id: w.a.department.id, from_address: " Sales@Alpha.Example " },
      adminHeaders,
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().email_channel).toMatchObject({
      from_address: "sales@alpha.example",
      custom_from_address: true,
      ai_employee: null,
      department: { id: w.a.department.id, name: "Sales" },
    });
    expect(response.json().email_channel.inbound_address).toMatch(/^alpha-[a-z0-9]{6}@/);
  });

  it("edits any field: who answers, the sending address, the name, on and off", async () => {
    const created = (await open({ name: "Desk", department_id: w.a.department.id })).json().email_channel;
    const switched = await patch(created.id, {
      ai_employee_id: w.a.aiEmployee.id,
      department_id: null,
      from_address: "desk@alpha.example",
      enabled: false,
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().email_channel).toMatchObject({
      ai_employee: { id: w.a.aiEmployee.id },
      department: null,
      from_address: "desk@alpha.example",
      custom_from_address: true,
      enabled: false,
      inbound_address: created.inbound_address,
    });
    // Back to the inbound address, a new name, and the department again (which clears the employee).
    const back = await patch(created.id, { from_address: null, name: "Front desk", department_id: w.a.department.id });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().email_channel).toMatchObject({
      name: "Front desk",
      from_address: created.inbound_address,
      custom_from_address: false,
      ai_employee: null,
      department: { id: w.a.department.id },
      enabled: false,
    });
    expect(await activityKinds(created.id)).toEqual([
      "email_channel.created",
      "email_channel.updated",
      "email_channel.updated",
    ]);
  });

  it("refuses an answerer of another company, none or both, and bad fields, naming the field", async () => {
    const before = await channelCount(w.a.companyId);
    const foreign = await open({ name: "X", ai_employee_id: w.b.aiEmployee.id });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().details).toEqual([
      { field: "ai_employee_id", message: "Choose an AI employee of this company" },
    ]);
    const foreignDepartment = await open({ name: "X", department_id: w.b.department.id });
    expect(foreignDepartment.statusCode).toBe(422);
    expect(foreignDepartment.json().details).toEqual([
      { field: "department_id", message: "Choose a department of this company" },
    ]);
    const none = await open({ name: "X" });
    expect(none.statusCode).toBe(400);
    expect(none.json().details[0].field).toBe("ai_employee_id");
    const both = await open({ name: "X", ai_employee_id: w.a.aiEmployee.id, department_id: w.a.department.id });
    expect(both.statusCode).toBe(400);
    const badFrom = await open({ name: "X", ai_employee_id: w.a.aiEmployee.id, from_address: "not an address" });
    expect(badFrom.statusCode).toBe(400);
    expect(badFrom.json().details[0].field).toBe("from_address");
    const longName = await open({
      name: "x".repeat(EMAIL_CHANNEL_LIMITS.nameLength + 1),
      ai_employee_id: w.a.aiEmployee.id,
    });
    expect(longName.statusCode).toBe(400);
    expect(longName.json().details[0].field).toBe("name");
    expect(await channelCount(w.a.companyId)).toBe(before);

    const id = w.a.emailChannel.id;
    const toForeign = await patch(id, { ai_employee_id: w.b.aiEmployee.id, department_id: null });
    expect(toForeign.statusCode).toBe(422);
    expect(toForeign.json().details[0].field).toBe("ai_employee_id");
    const nobody = await patch(id, { ai_employee_id: null, department_id: null });
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json().details[0].field).toBe("ai_employee_id");
    const twoAnswerers = await patch(id, { ai_employee_id: w.a.aiEmployee.id, department_id: w.a.department.id });
    expect(twoAnswerers.statusCode).toBe(422);
    expect(twoAnswerers.json().details[0].field).toBe("department_id");
    expect((await patch(id, {})).statusCode).toBe(400);
    expect((await patch(id, { enabled: "yes" })).json().details[0].field).toBe("enabled");
    // Nothing of it was written.
    expect((await list()).find((c) => c.id === id)).toMatchObject({
      aiEmployee: { id: w.a.aiEmployee.id },
      enabled: true,
    });
  });

  it("lets only owners and admins write, and members read", async () => {
    const before = await channelCount(w.a.companyId);
    const refused = await open({ name: "Mine", ai_employee_id: w.a.aiEmployee.id }, memberHeaders);
    expect(refused.statusCode).toBe(403);
    expect(await channelCount(w.a.companyId)).toBe(before);
    expect((await patch(w.a.emailChannel.id, { name: "Member's" }, memberHeaders)).statusCode).toBe(403);
    expect((await remove(w.a.emailChannel.id, memberHeaders)).statusCode).toBe(403);
    expect((await list(memberHeaders)).find((c) => c.id === w.a.emailChannel.id)?.name).toBe("Support email");
  });

  it("keeps each company's channels to itself", async () => {
    expect((await list(w.b.headers)).map((c) => c.id)).toEqual([w.b.emailChannel.id]);
    expect((await patch(w.a.emailChannel.id, { name: "Bravo's" }, w.b.headers)).statusCode).toBe(404);
    expect((await remove(w.a.emailChannel.id, w.b.headers)).statusCode).toBe(404);
    expect((await patch("not-a-uuid", { name: "?" })).statusCode).toBe(404);
    expect((await remove("7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8d")).statusCode).toBe(404);
    expect((await list()).find((c) => c.id === w.a.emailChannel.id)?.name).toBe("Support email");
  });

  it("removes a channel: gone from the list, its conversations stay, the removal is logged", async () => {
    const created = (await open({ name: "Short-lived", ai_employee_id: w.a.aiEmployee.id })).json().email_channel;
    const removed = await remove(created.id);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await list()).map((c) => c.id)).not.toContain(created.id);
    expect(await activityKinds(created.id)).toEqual(["email_channel.created", "email_channel.deleted"]);
    // The world's channel has a conversation: removing it leaves the conversation and its mail.
    expect((await remove(w.b.emailChannel.id, w.b.headers)).statusCode).toBe(204);
    const [conversation] = await rows(
      w.t.db,
      sql`select email_channel_id from conversations where id = ${w.b.emailMessage.conversationId}`,
    );
    expect(conversation).toEqual({ email_channel_id: null });
    const [original] = await rows(
      w.t.db,
      sql`select count(*)::int as n from inbound_emails where message_id = ${w.b.emailMessage.id}`,
    );
    expect(original!.n).toBe(1);
  });

  it(`holds at most ${EMAIL_CHANNEL_LIMITS.perCompany} channels a company`, async () => {
    const { user, company } = await createMember(w.t.db, "Limit Co");
    const headers = apiHeaders((await issueTokenFor(w.t.db, user.id)).accessToken, company.id);
    const department = await createDepartment(w.t.db, company.id, { name: "Support" });
    for (let i = 0; i < EMAIL_CHANNEL_LIMITS.perCompany; i++) {
      const response = await open({ name: `Channel ${i + 1}`, department_id: department.id }, headers);
      expect(response.statusCode, response.body).toBe(201);
    }
    const over = await open({ name: "One too many", department_id: department.id }, headers);
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ error: "too_many_email_channels" });
    expect(over.json().error_description).toContain(String(EMAIL_CHANNEL_LIMITS.perCompany));
    expect(await channelCount(company.id)).toBe(EMAIL_CHANNEL_LIMITS.perCompany);
    // Every address differs, and each has the company's name.
    const addresses = (await list(headers)).map((c) => c.inboundAddress);
    expect(new Set(addresses).size).toBe(EMAIL_CHANNEL_LIMITS.perCompany);
    for (const address of addresses) expect(address).toMatch(/^limit-co-[a-z0-9]{6}@/);
  });

  it("never gives out an inbound address another channel has (the unique index decides)", async () => {
    const taken = await insertEmailChannel(w.t.db, {
      companyId: w.b.companyId,
      name: "Copycat",
      inboundLocal: w.a.emailChannel.inboundLocal,
      aiEmployeeId: w.b.aiEmployee.id,
    });
    expect(taken).toBeNull();
    const [owner] = await rows(
      w.t.db,
      sql`select company_id from email_channels where inbound_local = ${w.a.emailChannel.inboundLocal}`,
    );
    expect(owner).toEqual({ company_id: w.a.companyId });
  });
});
