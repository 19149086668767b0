import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type WhatsappWorld, whatsappWorld } from "#server/test/whatsapp-setup.ts";

// The template manager's API against the fake Graph API: sync (every page), create with our rules and
// Meta's, edit, delete, drafts without a connection, and a template sent into a conversation.

let w: WhatsappWorld;
beforeAll(async () => {
  w = await whatsappWorld();
});
afterAll(async () => {
  await w?.close();
});

const api = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown, headers = w.a.headers) =>
  w.t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

const ORDER_UPDATE = {
  name: "order_update",
  language: "en_US",
  category: "utility",
  header_text: "Order news",
  body: "Hi {{1}}, your order {{2}} is on its way.",
  footer_text: "Reply STOP to opt out",
  variables: [
    { source: "customer_first_name", example: "Ana" },
    { source: "order_number", example: "Q-1042" },
  ],
  submit: true,
};

describe("without a connected number", () => {
  beforeEach(async () => {
    await w.t.db.execute(sql`delete from whatsapp_templates`);
  });

  it("keeps drafts and refuses to submit", async () => {
    const draft = await api("POST", "/app/whatsapp/templates.json", { ...ORDER_UPDATE, submit: false });
    expect(draft.statusCode, draft.body).toBe(201);
    expect(draft.json()).toMatchObject({ status: "draft", meta_template_id: null, name: "order_update" });
    const submit = await api("POST", "/app/whatsapp/templates.json", { ...ORDER_UPDATE, name: "other_one" });
    expect(submit.statusCode).toBe(409);
    expect(submit.json().error).toBe("whatsapp_not_connected");
    const list = await api("GET", "/app/whatsapp/templates.json");
    expect(list.json()).toMatchObject({ connected: false, synced_at: null, templates: [{ name: "order_update" }] });
  });
});

describe("with a connected number", () => {
  beforeAll(async () => {
    await w.t.db.execute(sql`delete from whatsapp_templates`);
    // 120 templates at Meta: more than one page of the API.
    w.fake.seedTemplates(
      w.fake.businesses[0]!.wabaId,
      Array.from({ length: 120 }, (_, i) => ({ name: `seeded_${String(i).padStart(3, "0")}` })),
    );
    expect((await w.onboard(w.a)).statusCode).toBe(200);
  });

  it("synced every page of the WABA's templates at connection, and syncs again on demand", async () => {
    const list = await api("GET", "/app/whatsapp/templates.json");
    const body = list.json() as { templates: { name: string; status: string }[]; connected: boolean };
    expect(body.connected).toBe(true);
    expect(body.templates.filter((t) => t.name.startsWith("seeded_"))).toHaveLength(120);
    expect(w.fake.callsOf("list_templates").length).toBeGreaterThan(1);
    // A template deleted at Meta goes on the next sync; a member cannot sync.
    const gone = body.templates[0];
    const metaId = (
      await w.rows<{ meta_template_id: string }>(
        sql`select meta_template_id from whatsapp_templates where name = ${gone!.name}`,
      )
    )[0]!.meta_template_id;
    const deleted = await fetch(
      `${w.fake.url}/v22.0/${w.fake.businesses[0]!.wabaId}/message_templates?name=${gone!.name}&hsm_id=${metaId}`,
      {
        method: "DELETE",
        headers: {
          authorization: String(w.fake.callsOf("list_templates")[0]!.authorization),
        },
      },
    );
    expect(deleted.status).toBe(200);
    const synced = await api("POST", "/app/whatsapp/templates/sync.json");
    expect(synced.statusCode, synced.body).toBe(200);
    expect((synced.json() as { templates: { name: string }[] }).templates.map((t) => t.name)).not.toContain(gone!.name);
  });

  it("creates a template at Meta, pending review, with its components and examples", async () => {
    const created = await api("POST", "/app/whatsapp/templates.json", ORDER_UPDATE);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ status: "pending_review", name: "order_update", rejection_reason: null });
    const call = w.fake.callsOf("create_template").at(-1)!;
    expect(call.body).toEqual({
      name: "order_update",
      language: "en_US",
      category: "UTILITY",
      components: [
        { type: "HEADER", format: "TEXT", text: "Order news" },
        {
          type: "BODY",
          text: "Hi {{1}}, your order {{2}} is on its way.",
          example: { body_text: [["Ana", "Q-1042"]] },
        },
        { type: "FOOTER", text: "Reply STOP to opt out" },
      ],
    });
    const again = await api("POST", "/app/whatsapp/templates.json", ORDER_UPDATE);
    expect(again.statusCode).toBe(409);
    expect(again.json().details).toEqual([{ field: "name", message: "already used for this language" }]);
  });

  it("refuses what breaks Meta's rules before calling Meta", async () => {
    const calls = w.fake.callsOf("create_template").length;
    const bad = await api("POST", "/app/whatsapp/templates.json", {
      ...ORDER_UPDATE,
      name: "Order Update!",
      header_text: "Hi {{1}}",
      body: "Hi {{1}}, order {{3}} shipped",
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().details).toEqual([
      { field: "name", message: "use lowercase letters, numbers and underscores only (e.g. order_update)" },
      { field: "header_text", message: "variables are allowed in the message body only" },
      {
        field: "body",
        message: "number the variables in order without gaps or repeats: {{1}}, then {{2}}, then {{3}}",
      },
    ]);
    expect(w.fake.callsOf("create_template")).toHaveLength(calls);
  });

  it("shows Meta's own reason when Meta refuses", async () => {
    w.fake.failNext("create_template", {
      code: 100,
      subcode: 2388293,
      message: "Invalid parameter",
      userMessage: "The template's content looks promotional for a UTILITY template.",
    });
    const refused = await api("POST", "/app/whatsapp/templates.json", { ...ORDER_UPDATE, name: "spring_sale" });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      error: "whatsapp_rejected",
      error_description:
        "Meta refused the template: The template's content looks promotional for a UTILITY template. (code 100)",
    });
    const [row] = await w.rows(sql`select count(*)::int as n from whatsapp_templates where name = 'spring_sale'`);
    expect(row).toEqual({ n: 0 });
  });

  it("edits a submitted template's content (back to review) but not its name", async () => {
    const [row] = await w.rows<{ id: string }>(sql`select id from whatsapp_templates where name = 'order_update'`);
    w.fake.setTemplateStatus(
      (
        await w.rows<{ meta_template_id: string }>(
          sql`select meta_template_id from whatsapp_templates where id = ${row!.id}`,
        )
      )[0]!.meta_template_id,
      "APPROVED",
    );
    const renamed = await api("PATCH", `/app/whatsapp/templates/${row!.id}.json`, { ...ORDER_UPDATE, name: "renamed" });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().details).toEqual([{ field: "name", message: "cannot change once submitted" }]);
    const edited = await api("PATCH", `/app/whatsapp/templates/${row!.id}.json`, {
      ...ORDER_UPDATE,
      body: "Hello {{1}}, order {{2}} left our depot today.",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      status: "pending_review",
      body: "Hello {{1}}, order {{2}} left our depot today.",
    });
    expect(w.fake.callsOf("edit_template").at(-1)!.body).toMatchObject({ category: "UTILITY" });
  });

  it("deletes a template here and at Meta", async () => {
    const [row] = await w.rows<{ id: string }>(sql`select id from whatsapp_templates where name = 'order_update'`);
    // Another company's id is not found, whoever asks.
    const foreign = await api("DELETE", `/app/whatsapp/templates/${row!.id}.json`, undefined, w.b.headers);
    expect(foreign.statusCode).toBe(404);
    const deleted = await api("DELETE", `/app/whatsapp/templates/${row!.id}.json`);
    expect(deleted.statusCode).toBe(204);
    expect(w.fake.callsOf("delete_template").at(-1)!.query).toMatchObject({ name: "order_update" });
    expect(await w.rows(sql`select id from whatsapp_templates where id = ${row!.id}`)).toHaveLength(0);
  });
});
