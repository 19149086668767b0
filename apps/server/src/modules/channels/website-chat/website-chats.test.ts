import { camelizeKeys, websiteChatListSchema, websiteChatReplySchema } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgentWorld, agentWorld } from "#server/test/agents-setup.ts";
import { addMember, apiHeaders, createUser, issueTokenFor } from "#server/test/fixtures.ts";

// Staff's side of the website chat through the real HTTP layer: opening, listing, editing and removing
// chats, the snippet on this server's origin, the manager-only rule, the company checks and the log.

describe("the website chats registry", () => {
  let w: AgentWorld;
  let memberHeaders: Record<string, string>;
  let departmentId: string;
  beforeAll(async () => {
    w = await agentWorld();
    const member = await createUser(w.t.db);
    await addMember(w.t.db, member.id, w.a.companyId, "member");
    memberHeaders = apiHeaders((await issueTokenFor(w.t.db, member.id)).accessToken, w.a.companyId);
    const [department] = await w.rows<{ id: string }>(
      sql`select id from ai_departments where company_id = ${w.a.companyId} order by sort_order limit 1`,
    );
    departmentId = department!.id;
  });
  afterAll(async () => {
    await w.t.close();
  });

  const open = (payload: Record<string, unknown>, headers = w.a.headers) =>
    w.t.app.inject({
      method: "POST",
      url: "/app/website_chats.json",
      headers: { ...headers, host: "foreman.test" },
      payload,
    });
  const patch = (id: string, payload: Record<string, unknown>, headers = w.a.headers) =>
    w.t.app.inject({ method: "PATCH", url: `/app/website_chats/${id}.json`, headers, payload });
  const list = async (headers = w.a.headers) =>
    websiteChatListSchema.parse(
      camelizeKeys((await w.t.app.inject({ url: "/app/website_chats.json", headers })).json()),
    ).websiteChats;
  const activityKinds = async (id: string) =>
    (await w.rows<{ kind: string }>(sql`select kind from activities where subject_id = ${id} order by created_at`)).map(
      (row) => row.kind,
    );

  it("opens a chat answered by an AI employee, with its public key, snippet and demo page", async () => {
    const response = await open({
      name: "Shop chat",
      ai_employee_id: w.a.employee.id,
      allowed_origins: ["https://Shop.Example/", "https://shop.example", "http://localhost:8080"],
      greeting: "Hi! How can we help?",
      color: "#0a7d3b",
    });
    expect(response.statusCode, response.body).toBe(201);
    const { websiteChat: chat } = websiteChatReplySchema.parse(camelizeKeys(response.json()));
    expect(chat).toMatchObject({
      name: "Shop chat",
      aiEmployee: { id: w.a.employee.id, name: w.a.employee.name },
      department: null,
      allowedOrigins: ["https://shop.example", "http://localhost:8080"],
      greeting: "Hi! How can we help?",
      color: "#0A7D3B",
      enabled: true,
      conversationsCount: 0,
    });
    expect(chat.key).toMatch(/^wc_[0-9A-Za-z]{24}$/);
    expect(chat.snippet).toBe(`<script src="http://foreman.test/widget.js" data-key="${chat.key}" async></script>`);
    expect(chat.demoUrl).toBe(`http://foreman.test/widget/demo?key=${chat.key}`);
    expect(await activityKinds(chat.id)).toEqual(["website_chat.created"]);
    expect((await list()).map((c) => c.id)).toContain(chat.id);
    // Members read the list too.
    expect((await list(memberHeaders)).map((c) => c.id)).toContain(chat.id);
  });

  it("opens one answered by a department, and switches who answers on edit", async () => {
    const created = (await open({ name: "Sales desk", department_id: departmentId })).json().website_chat;
    expect(created.department).toMatchObject({ id: departmentId });
    expect(created.ai_employee).toBeNull();
    expect(created.color).toBe("#4F46E5");
    const switched = await patch(created.id, { ai_employee_id: w.a.employee.id, department_id: null, enabled: false });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().website_chat).toMatchObject({
      ai_employee: { id: w.a.employee.id },
      department: null,
      enabled: false,
    });
    const renamed = await patch(created.id, { name: "Sales desk (web)", allowed_origins: ["https://b.example"] });
    expect(renamed.json().website_chat).toMatchObject({
      name: "Sales desk (web)",
      allowed_origins: ["https://b.example"],
      ai_employee: { id: w.a.employee.id },
    });
    expect(await activityKinds(created.id)).toEqual([
      "website_chat.created",
      "website_chat.updated",
      "website_chat.updated",
    ]);
  });

  it("refuses an answerer of another company, none at all, and bad origins or colours", async () => {
    const foreign = await open({ name: "X", ai_employee_id: w.b.employee.id });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().details).toEqual([
      { field: "ai_employee_id", message: "Choose an AI employee of this company" },
    ]);
    const [bDepartment] = await w.rows<{ id: string }>(
      sql`select id from ai_departments where company_id = ${w.b.companyId} limit 1`,
    );
    const foreignDepartment = await open({ name: "X", department_id: bDepartment!.id });
    expect(foreignDepartment.statusCode).toBe(422);
    expect(foreignDepartment.json().details[0].field).toBe("department_id");
    expect((await open({ name: "X" })).statusCode).toBe(400);
    const badOrigin = await open({
      name: "X",
      ai_employee_id: w.a.employee.id,
      allowed_origins: ["shop.example/path"],
    });
    expect(badOrigin.statusCode).toBe(400);
    expect(JSON.stringify(badOrigin.json())).toContain("is not a website origin");
    expect((await open({ name: "X", ai_employee_id: w.a.employee.id, color: "green" })).statusCode).toBe(400);
    const chat = (await open({ name: "Y", ai_employee_id: w.a.employee.id })).json().website_chat;
    const toForeign = await patch(chat.id, { ai_employee_id: w.b.employee.id, department_id: null });
    expect(toForeign.statusCode).toBe(422);
    expect((await patch(chat.id, { ai_employee_id: null, department_id: null })).statusCode).toBe(422);
    expect((await patch(chat.id, {})).statusCode).toBe(400);
  });

  it("lets only owners and admins write, and keeps each company's chats to itself", async () => {
    const chat = (await open({ name: "Z", ai_employee_id: w.a.employee.id })).json().website_chat;
    const refused = await open({ name: "Mine", ai_employee_id: w.a.employee.id }, memberHeaders);
    expect(refused.statusCode).toBe(403);
    expect((await patch(chat.id, { name: "Member's" }, memberHeaders)).statusCode).toBe(403);
    const memberDelete = await w.t.app.inject({
      method: "DELETE",
      url: `/app/website_chats/${chat.id}.json`,
      headers: memberHeaders,
    });
    expect(memberDelete.statusCode).toBe(403);
    // Company B neither sees nor touches A's chat.
    expect((await list(w.b.headers)).map((c) => c.id)).not.toContain(chat.id);
    expect((await patch(chat.id, { name: "B's" }, w.b.headers)).statusCode).toBe(404);
    const bDelete = await w.t.app.inject({
      method: "DELETE",
      url: `/app/website_chats/${chat.id}.json`,
      headers: w.b.headers,
    });
    expect(bDelete.statusCode).toBe(404);
    expect((await patch("not-a-uuid", { name: "?" })).statusCode).toBe(404);
  });

  it("removes a chat: gone from the list, its sessions end, the removal is logged", async () => {
    const chat = (await open({ name: "Short-lived", ai_employee_id: w.a.employee.id })).json().website_chat;
    const removed = await w.t.app.inject({
      method: "DELETE",
      url: `/app/website_chats/${chat.id}.json`,
      headers: w.a.headers,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await list()).map((c) => c.id)).not.toContain(chat.id);
    expect(await activityKinds(chat.id)).toEqual(["website_chat.created", "website_chat.deleted"]);
    const session = await w.t.app.inject({
      method: "POST",
      url: "/widget/v1/sessions",
      headers: { host: "foreman.test" },
      payload: { key: chat.key, origin: "http://foreman.test" },
    });
    expect(session.statusCode).toBe(404);
    expect(session.json().error_description).toBe("This chat is not available");
  });
});
