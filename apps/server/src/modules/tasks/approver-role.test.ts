import { MANAGER_ROLE_REQUIRED } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, apiHeaders, createUser, issueTokenFor } from "#server/test/fixtures.ts";
import { rows, type TasksWorld, tasksWorld, writeCounts } from "#server/test/tasks-setup.ts";

// Only owners and admins may set an AI employee's guardrails, so only they may approve what
// goes past them (an authorize item, on the resolution and the assist path) or cancel a placed order,
// unless the company lets members approve (`members_may_approve`, owners and admins set it).

describe("who may approve", () => {
  let w: TasksWorld;
  let member: Record<string, string>;
  let admin: Record<string, string>;
  let confirmedOrder: string;
  let draftQuote: string;
  beforeAll(async () => {
    w = await tasksWorld();
    const memberUser = await createUser(w.t.db);
    await addMember(w.t.db, memberUser.id, w.a.companyId, "member");
    member = apiHeaders((await issueTokenFor(w.t.db, memberUser.id)).accessToken, w.a.companyId);
    const adminUser = await createUser(w.t.db);
    await addMember(w.t.db, adminUser.id, w.a.companyId, "admin");
    admin = apiHeaders((await issueTokenFor(w.t.db, adminUser.id)).accessToken, w.a.companyId);
    const [order, quote] = await rows(
      w.t.db,
      sql`insert into quotes (company_id, number, state, subtotal_cents, total_cents) values
            (${w.a.companyId}, 2001, 'confirmed', 5000, 5000), (${w.a.companyId}, 2002, 'draft', 5000, 5000)
          returning id`,
    );
    confirmedOrder = order!.id as string;
    draftQuote = quote!.id as string;
  });
  afterAll(async () => {
    await w.t.close();
  });

  const resolve = (taskId: string, payload: Record<string, unknown>, headers: Record<string, string>) =>
    w.t.app.inject({ method: "POST", url: `/app/tasks/${taskId}/resolution.json`, headers, payload });
  const assist = (taskId: string, headers: Record<string, string>) =>
    w.t.app.inject({
      method: "POST",
      url: `/internal/assist/${w.a.accountId}/thread/${w.a.conversation.displayId}`,
      headers,
      payload: { task_id: taskId, input: "Yes, go ahead" },
    });
  const cancel = (id: string, headers: Record<string, string>) =>
    w.t.app.inject({ method: "POST", url: `/app/quotes/${id}/cancel.json`, headers });
  const settings = (headers: Record<string, string>, payload?: Record<string, unknown>) =>
    w.t.app.inject({
      method: payload ? "PATCH" : "GET",
      url: `/app/companies/${w.a.companyId}/settings.json`,
      headers,
      ...(payload ? { payload } : {}),
    });
  const stateOf = async (table: "tasks" | "quotes", id: string) =>
    (await rows(w.t.db, sql`select state from ${sql.raw(table)} where id = ${id}`))[0]!.state;

  const APPROVER_REQUIRED =
    "Only an owner or an admin of this company can approve this (or a member, when the company allows members to approve)";

  it("refuses a member's authorization with 403 on both paths, and nothing changes", async () => {
    const before = await writeCounts(w.t.db);
    for (const response of [
      await resolve(w.a.authorize, { decision: "authorized" }, member),
      await resolve(w.a.authorize, { decision: "left_pending" }, member),
      await assist(w.a.authorize, member),
    ]) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toEqual({ error: "forbidden", error_description: APPROVER_REQUIRED });
    }
    expect(await writeCounts(w.t.db)).toEqual(before);
    expect(await stateOf("tasks", w.a.authorize)).toBe("to_do");
  });

  it("refuses a member's cancellation of a placed order with 403; a member may still drop a draft quote", async () => {
    const response = await cancel(confirmedOrder, member);
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toEqual({ error: "forbidden", error_description: APPROVER_REQUIRED });
    expect(await stateOf("quotes", confirmedOrder)).toBe("confirmed");
    expect((await cancel(draftQuote, member)).statusCode).toBe(200);
  });

  it("keeps answering a plain question open to members", async () => {
    const response = await resolve(w.a.question, { answer: "Yes, Saturday works" }, member);
    expect(response.statusCode, response.body).toBe(200);
  });

  it("lets owners and admins read and change the setting; a member may read it but not change it", async () => {
    expect((await settings(member)).json()).toMatchObject({
      members_may_approve: false,
      language: "en",
      require_two_factor: false,
    });
    const refused = await settings(member, { members_may_approve: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: "forbidden", error_description: MANAGER_ROLE_REQUIRED });
    expect((await settings(admin)).json()).toMatchObject({
      members_may_approve: false,
      language: "en",
      require_two_factor: false,
    });
    for (const bad of [{}, { members_may_approve: "yes" }, { members_may_approve: null }]) {
      const response = await settings(admin, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    // Another company's id in the path is the same 404 as any company the caller is not in.
    const foreign = await w.t.app.inject({
      method: "PATCH",
      url: `/app/companies/${w.b.companyId}/settings.json`,
      headers: admin,
      payload: { members_may_approve: true },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await settings(w.b.headers)).statusCode).toBe(404);
    expect((await settings(member)).json()).toMatchObject({
      members_may_approve: false,
      language: "en",
      require_two_factor: false,
    });
  });

  it("shows the member's permission in /app/me.json", async () => {
    const me = await w.t.app.inject({ method: "GET", url: "/app/me.json", headers: member });
    expect(me.json().company).toMatchObject({ id: w.a.companyId, role: "member", members_may_approve: false });
  });

  it("lets members approve and cancel once an owner allows it", async () => {
    const changed = await settings(w.a.headers, { members_may_approve: true });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ members_may_approve: true, language: "en", require_two_factor: false });
    const me = await w.t.app.inject({ method: "GET", url: "/app/me.json", headers: member });
    expect(me.json().company).toMatchObject({ members_may_approve: true });
    const response = await resolve(w.a.authorize, { decision: "authorized" }, member);
    expect(response.statusCode, response.body).toBe(200);
    expect((await cancel(confirmedOrder, member)).statusCode).toBe(200);
    // The change is in the activity log.
    const [logged] = await rows(
      w.t.db,
      sql`select kind, summary from activities where company_id = ${w.a.companyId} and kind = 'company.settings_changed'`,
    );
    expect(logged).toEqual({ kind: "company.settings_changed", summary: "Allowed members to approve" });
  });
});
