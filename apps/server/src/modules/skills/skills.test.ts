import { CLIENT_ID_HEADER, WEB_CLIENT_ID } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgentWorld, agentWorld, inbound } from "#server/test/agents-setup.ts";
import { addMember, apiHeaders, createUser, issueTokenFor } from "#server/test/fixtures.ts";
import { executeToolCall } from "../agents/tools/registry.ts";

// Skills as what an AI employee can do: the training centre's API, and the runtime giving each run
// only the tools its employee's skills grant (through the channel API, the job and the built-in engine).

type Skill = {
  id: string;
  name: string;
  tools: string[];
  ai_employees: { id: string; name: string; department_name: string }[];
};
type Step = { kind: string; tool?: string; skills?: string[]; tools?: string[]; action_type?: string };

describe("skills", () => {
  let w: AgentWorld;
  let skills: Skill[];
  const skill = (name: string) => skills.find((s) => s.name === name)!;

  beforeAll(async () => {
    w = await agentWorld();
    skills = (await list(w.a.headers)).skills;
  });
  afterAll(async () => {
    await w.t.close();
  });

  async function list(headers: Record<string, string>) {
    const response = await w.t.app.inject({ url: "/app/skills.json", headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { skills: Skill[] };
  }
  const call = (method: "POST" | "PATCH" | "PUT" | "DELETE", url: string, body?: unknown, headers = w.a.headers) =>
    w.t.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });
  const holderUrl = (skillId: string, employeeId = w.a.employee.id) =>
    `/app/skills/${skillId}/ai_employees/${employeeId}.json`;

  /** Sends a customer message and answers the stored run's steps. */
  async function stepsFor(content: string, externalId: string): Promise<Step[]> {
    const accepted = (await w.send(w.a.channel.token, inbound(content, { externalId }))).json();
    await w.settle();
    const [run] = await w.rows<{ steps: Step[] }>(
      sql`select steps from agent_runs where inbound_message_id = ${accepted.message_id}`,
    );
    return run!.steps;
  }
  const toolCalls = (steps: Step[]) => steps.filter((s) => s.kind === "tool_call").map((s) => s.tool);

  it("lists the standard skills, the tools each grants and who has them", () => {
    expect(skills.map((s) => s.name)).toEqual([
      "Human handoff",
      "Order tracking",
      "Product catalog",
      "Quoting",
      "Ticketing",
    ]);
    expect(skill("Order tracking").tools).toEqual(["find_orders"]);
    expect(skill("Ticketing").tools).toEqual(["create_ticket", "find_tickets", "update_ticket"]);
    expect(skill("Quoting").tools).toEqual([
      "upsert_quote",
      "send_quote",
      "confirm_order",
      "update_lead_stage",
      "request_authorization",
    ]);
    expect(skill("Quoting").ai_employees).toEqual([
      { id: w.a.employee.id, name: w.a.employee.name, department_name: "Sales" },
    ]);
  });

  it("takes a skill's tools out of the employee's runs when it is turned off, and puts them back", async () => {
    const before = await stepsFor("Where is my order 4242?", "skills-on");
    expect(before[0]).toMatchObject({ kind: "tools" });
    expect(before[0]!.tools).toContain("find_orders");
    expect(toolCalls(before)).toEqual(["find_orders"]);

    const off = await call("DELETE", holderUrl(skill("Order tracking").id));
    expect(off.statusCode, off.body).toBe(200);
    expect((off.json() as Skill).ai_employees).toEqual([]);
    // Taking it again changes nothing.
    expect((await call("DELETE", holderUrl(skill("Order tracking").id))).statusCode).toBe(200);

    const without = await stepsFor("Where is my order 4242?", "skills-off");
    expect(without[0]!.skills).toEqual(["Human handoff", "Product catalog", "Quoting", "Ticketing"]);
    expect(without[0]!.tools).not.toContain("find_orders");
    // It cannot look the order up, so it asks staff instead.
    expect(toolCalls(without)).toEqual(["ask_human"]);

    const on = await call("PUT", holderUrl(skill("Order tracking").id));
    expect((on.json() as Skill).ai_employees.map((e) => e.id)).toEqual([w.a.employee.id]);
    expect(toolCalls(await stepsFor("Where is my order 4242?", "skills-back"))).toEqual(["find_orders"]);

    const [activity] = await w.rows<{ summary: string }>(
      sql`select summary from activities where company_id = ${w.a.companyId} and kind = 'skill.updated' order by created_at desc limit 1`,
    );
    expect(activity!.summary).toBe(`Gave ${w.a.employee.name} the skill Order tracking`);
  });

  it("refuses a tool the employee's skills do not grant even when the model names it", async () => {
    const outcome = await executeToolCall({ id: "c1", name: "find_orders", arguments: "{}" }, {} as never, [
      "ask_human",
    ]);
    expect(outcome).toMatchObject({
      ok: false,
      error: "find_orders is not one of your tools: none of your skills grants it.",
    });
  });

  it("adds, edits and deletes a skill; deleting takes it from its employees and from knowledge entries", async () => {
    const created = await call("POST", "/app/skills.json", {
      name: "Lead qualifier",
      description: "Moves leads along.",
      tools: ["update_lead_stage"],
      ai_employee_ids: [w.a.employee.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as Skill).id;
    expect((await call("POST", "/app/skills.json", { name: "lead QUALIFIER" })).json()).toMatchObject({
      error: "name_taken",
      details: [{ field: "name" }],
    });
    const edited = await call("PATCH", `/app/skills/${id}.json`, { tools: ["hand_off", "find_orders"] });
    expect((edited.json() as Skill).tools).toEqual(["find_orders", "hand_off"]);

    const entry = await call("POST", "/app/knowledge_base_entries.json", {
      source: "note",
      title: "Qualifying",
      body: "Ask for the budget first.",
      skill_ids: [id],
    });
    expect(entry.statusCode, entry.body).toBe(201);
    expect((await call("DELETE", `/app/skills/${id}.json`)).statusCode).toBe(204);
    expect((await list(w.a.headers)).skills.map((s) => s.id)).not.toContain(id);
    const [row] = await w.rows<{ skill_ids: string[] }>(
      sql`select skill_ids from knowledge_entries where id = ${entry.json().id}`,
    );
    expect(row!.skill_ids).toEqual([]);
    expect((await call("DELETE", `/app/skills/${id}.json`)).statusCode).toBe(404);
  });

  it("names what is wrong with a skill and changes nothing", async () => {
    const bad = await call("POST", "/app/skills.json", { name: "", tools: ["ask_human"] });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(["name", "tools.0"]);
    const foreign = await call("PATCH", `/app/skills/${skill("Quoting").id}.json`, {
      ai_employee_ids: [w.b.employee.id],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().details).toEqual([
      { field: "ai_employee_ids", message: "Not one of the company's AI employees" },
    ]);
    expect(skill("Quoting").ai_employees).toHaveLength(1);
    expect((await list(w.a.headers)).skills.find((s) => s.name === "Quoting")!.ai_employees).toHaveLength(1);
  });

  it("keeps each company's skills to itself and their changes to owners and admins", async () => {
    const theirs = (await list(w.b.headers)).skills;
    expect(theirs.map((s) => s.id)).not.toContain(skill("Quoting").id);
    expect(
      (await call("PATCH", `/app/skills/${skill("Quoting").id}.json`, { name: "Mine" }, w.b.headers)).statusCode,
    ).toBe(404);
    expect((await call("PUT", holderUrl(theirs[0]!.id, w.a.employee.id))).statusCode).toBe(404);
    expect((await call("PUT", holderUrl(skill("Quoting").id, w.b.employee.id))).statusCode).toBe(404);

    const member = await createUser(w.t.db);
    await addMember(w.t.db, member.id, w.a.companyId, "member");
    const headers = apiHeaders((await issueTokenFor(w.t.db, member.id)).accessToken, w.a.companyId);
    expect((await list(headers)).skills).toHaveLength(5);
    expect((await call("DELETE", holderUrl(skill("Quoting").id), undefined, headers)).statusCode).toBe(403);
    expect((await list(w.a.headers)).skills.find((s) => s.name === "Quoting")!.ai_employees).toHaveLength(1);
  });
  it("starts a new company with the five standard skills, which grant every tool", async () => {
    const response = await w.t.app.inject({
      method: "POST",
      url: "/users.json",
      headers: { [CLIENT_ID_HEADER]: WEB_CLIENT_ID },
      payload: {
        user: {
          first_name: "Ada",
          last_name: "Lovelace",
          email: "ada-skills@example.com",
          password: "correct horse battery",
          password_confirmation: "correct horse battery",
          company_name: "Analytical Engines",
        },
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await w.rows<{ skills: number; tools: number }>(
      sql`select count(distinct s.id)::int as skills, count(distinct t)::int as tools
          from skills s join companies c on c.id = s.company_id, unnest(s.tools) t
          where c.name = 'Analytical Engines'`,
    );
    expect(row).toEqual({ skills: 5, tools: 11 });
  });
});
