import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import vm from "node:vm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { inboundMessage, startFakeGraphApi } from "./fake-graph-api.mjs";

const APP_ID = "1234567890";
const APP_SECRET = "fake-app-secret";

let fake;
beforeAll(async () => {
  fake = await startFakeGraphApi({ port: 0 });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

/** A Graph call as our server makes it: JSON in and out, under /v22.0. */
async function graph(method, path, { token, body, query = {} } = {}) {
  const url = new URL(`${fake.url}/v22.0/${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const response = await fetch(url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { "content-type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, json: await response.json() };
}

async function tokenFor(selector) {
  const code = fake.issueCode(selector);
  const { json } = await graph("GET", "oauth/access_token", {
    query: { client_id: APP_ID, client_secret: APP_SECRET, code },
  });
  return json.access_token;
}

const { wabaId, phoneNumberId } = { wabaId: "800000000000001", phoneNumberId: "900000000000001" };

const template = (name, body = "Hi {{1}}, your order {{2}} is ready.", example = [["Ana", "A-1001"]]) => ({
  name,
  language: "en_US",
  category: "UTILITY",
  components: [
    { type: "HEADER", format: "TEXT", text: "Order update" },
    { type: "BODY", text: body, ...(example ? { example: { body_text: example } } : {}) },
    { type: "FOOTER", text: "Northwind" },
  ],
});

describe("signup, token and number", () => {
  it("exchanges an issued code for a token scoped to the business's WABA", async () => {
    const code = fake.issueCode();
    const exchanged = await graph("GET", "oauth/access_token", {
      query: { client_id: APP_ID, client_secret: APP_SECRET, code },
    });
    expect(exchanged).toMatchObject({ status: 200, json: { token_type: "bearer" } });
    const token = exchanged.json.access_token;

    const debug = await graph("GET", "debug_token", {
      query: { input_token: token, access_token: `${APP_ID}|${APP_SECRET}` },
    });
    expect(debug.json.data).toMatchObject({ app_id: APP_ID, type: "SYSTEM_USER", is_valid: true });
    expect(debug.json.data.granular_scopes).toEqual([
      { scope: "whatsapp_business_management", target_ids: [wabaId] },
      { scope: "whatsapp_business_messaging", target_ids: [wabaId] },
    ]);
    const unknown = await graph("GET", "debug_token", {
      query: { input_token: "EAAnope", access_token: `${APP_ID}|${APP_SECRET}` },
    });
    expect(unknown.json.data).toEqual({
      is_valid: false,
      error: { code: 190, message: "Invalid OAuth access token." },
    });
  });

  it("refuses a code it did not issue and a wrong client secret, in Graph's error shape", async () => {
    const badCode = await graph("GET", "oauth/access_token", {
      query: { client_id: APP_ID, client_secret: APP_SECRET, code: "made-up" },
    });
    expect(badCode.status).toBe(400);
    expect(badCode.json.error).toMatchObject({
      message: "Invalid verification code format.",
      type: "OAuthException",
      code: 100,
    });
    expect(badCode.json.error.fbtrace_id).toMatch(/^Afake/);
    const badSecret = await graph("GET", "oauth/access_token", {
      query: { client_id: APP_ID, client_secret: "wrong", code: fake.issueCode() },
    });
    expect(badSecret.json.error).toMatchObject({ message: "Error validating client secret.", code: 100 });
  });

  it("lists, reads and registers the number; refuses other tokens", async () => {
    const token = await tokenFor();
    const numbers = await graph("GET", `${wabaId}/phone_numbers`, { token });
    expect(numbers.json.data).toEqual([
      {
        id: phoneNumberId,
        display_phone_number: "+1 555-010-0001",
        verified_name: "Northwind Demo",
        quality_rating: "GREEN",
        code_verification_status: "VERIFIED",
        name_status: "APPROVED",
        status: "CONNECTED",
      },
    ]);
    const one = await graph("GET", phoneNumberId, { token, query: { fields: "id,verified_name" } });
    expect(one.json).toEqual({ id: phoneNumberId, verified_name: "Northwind Demo" });

    const badPin = await graph("POST", `${phoneNumberId}/register`, {
      token,
      body: { messaging_product: "whatsapp", pin: "12ab" },
    });
    expect(badPin.json.error.code).toBe(100);
    const registered = await graph("POST", `${phoneNumberId}/register`, {
      token,
      body: { messaging_product: "whatsapp", pin: "123456" },
    });
    expect(registered.json).toEqual({ success: true });
    expect(fake.registeredNumbers()).toEqual([phoneNumberId]);

    expect((await graph("GET", `${wabaId}/phone_numbers`)).status).toBe(401);
    const forged = await graph("GET", `${wabaId}/phone_numbers`, { token: "EAAforged" });
    expect(forged).toMatchObject({ status: 401, json: { error: { code: 190, type: "OAuthException" } } });

    const other = fake.addBusiness({ verifiedName: "Contoso" });
    const otherToken = await tokenFor({ wabaId: other.wabaId });
    const crossed = await graph("GET", `${wabaId}/phone_numbers`, { token: otherToken });
    expect(crossed).toMatchObject({ status: 403, json: { error: { code: 200, message: "(#200) Permissions error" } } });
    const own = await graph("GET", `${other.wabaId}/phone_numbers`, { token: otherToken });
    expect(own.json.data.map((n) => n.id)).toEqual([other.phoneNumberId]);
  });

  it("subscribes the app, refusing a callback override before the subscription", async () => {
    const token = await tokenFor();
    const early = await graph("POST", `${wabaId}/subscribed_apps`, {
      token,
      body: { override_callback_uri: "https://example.test/hook", verify_token: "fake-verify-token" },
    });
    expect(early.json.error).toMatchObject({ code: 100 });
    expect(early.json.error.message).toMatch(/^\(#100\) Before override the current callback uri/);
    expect(fake.subscribedWabas()).toEqual([]);

    expect((await graph("POST", `${wabaId}/subscribed_apps`, { token })).json).toEqual({ success: true });
    expect((await graph("GET", `${wabaId}/subscribed_apps`, { token })).json).toEqual({
      data: [{ whatsapp_business_api_data: { id: APP_ID, name: "Foreman" } }],
    });
    const override = await graph("POST", `${wabaId}/subscribed_apps`, {
      token,
      body: { override_callback_uri: "https://example.test/hook", verify_token: "fake-verify-token" },
    });
    expect(override.json).toEqual({ success: true });
    expect(fake.subscribedWabas()).toEqual([wabaId]);

    expect((await graph("DELETE", `${wabaId}/subscribed_apps`, { token })).json).toEqual({ success: true });
    expect((await graph("GET", `${wabaId}/subscribed_apps`, { token })).json).toEqual({ data: [] });
  });
});

describe("templates", () => {
  it("creates a valid template PENDING and refuses what Meta refuses", async () => {
    const token = await tokenFor();
    const create = (body) => graph("POST", `${wabaId}/message_templates`, { token, body });

    const created = await create(template("order_ready"));
    expect(created.json).toMatchObject({ status: "PENDING", category: "UTILITY" });
    expect(created.json.id).toMatch(/^\d{16}$/);

    const badName = await create(template("Order Ready"));
    expect(badName.json.error).toMatchObject({ code: 100, error_user_title: "Invalid template name" });
    const gap = await create(template("gap", "Hi {{1}}, order {{3}}."));
    expect(gap.json.error).toMatchObject({ code: 100, error_subcode: 2388040 });
    const noExample = await create(template("no_example", "Hi {{1}} and {{2}}.", null));
    expect(noExample.json.error).toMatchObject({ code: 100, error_subcode: 2388023 });
    const tooLong = await create(template("too_long", "x".repeat(1025), null));
    expect(tooLong.json.error.error_user_msg).toMatch(/1025 characters/);
    const duplicate = await create(template("order_ready"));
    expect(duplicate.json.error).toMatchObject({
      code: 100,
      error_subcode: 2388024,
      error_user_title: "Content in this language already exists",
    });
  });

  it("pages the list for real, with a next link only while more remain", async () => {
    const token = await tokenFor();
    fake.seedTemplates(
      wabaId,
      Array.from({ length: 30 }, (_, i) => ({ name: `seeded_${String(i).padStart(2, "0")}` })),
    );
    const first = await graph("GET", `${wabaId}/message_templates`, { token });
    expect(first.json.data).toHaveLength(25);
    expect(first.json.paging.next).toContain("after=");
    const second = await graph("GET", `${wabaId}/message_templates`, {
      token,
      query: { after: first.json.paging.cursors.after },
    });
    expect(second.json.data.map((t) => t.name)).toEqual([
      "seeded_25",
      "seeded_26",
      "seeded_27",
      "seeded_28",
      "seeded_29",
    ]);
    expect(second.json.paging.next).toBeUndefined();
    expect(second.json.data[0]).toMatchObject({ language: "en_US", status: "APPROVED", rejected_reason: "NONE" });

    // The next link alone (token included) is enough to fetch the following page.
    const small = await graph("GET", `${wabaId}/message_templates`, { token, query: { limit: "10" } });
    const followed = await (await fetch(small.json.paging.next)).json();
    expect(followed.data[0].name).toBe("seeded_10");
  });

  it("edits back to review and deletes by name and id", async () => {
    const token = await tokenFor();
    const [seeded] = fake.seedTemplates(wabaId, [{ name: "welcome", status: "APPROVED" }]);
    const components = template("welcome", "Welcome {{1}}!", [["Ana"]]).components;

    const unknown = await graph("POST", "1999999999999999", { token, body: { components } });
    expect(unknown.json.error).toMatchObject({ code: 100, error_subcode: 33 });
    expect(unknown.json.error.message).toContain("Unsupported post request. Object with ID '1999999999999999'");
    const invalid = await graph("POST", seeded.id, { token, body: { components: [{ type: "BODY", text: "{{2}}" }] } });
    expect(invalid.json.error.error_subcode).toBe(2388040);

    expect((await graph("POST", seeded.id, { token, body: { components } })).json).toEqual({ success: true });
    const [edited] = (await graph("GET", `${wabaId}/message_templates`, { token })).json.data;
    expect(edited).toMatchObject({ status: "PENDING", components });

    const missing = await graph("DELETE", `${wabaId}/message_templates`, { token, query: { name: "nope" } });
    expect(missing.json.error.code).toBe(100);
    const deleted = await graph("DELETE", `${wabaId}/message_templates`, {
      token,
      query: { name: "welcome", hsm_id: seeded.id },
    });
    expect(deleted.json).toEqual({ success: true });
    expect((await graph("GET", `${wabaId}/message_templates`, { token })).json.data).toEqual([]);
  });

  it("approves at once with autoApprove", async () => {
    const approving = await startFakeGraphApi({ autoApprove: true });
    try {
      const code = approving.issueCode();
      const tokenUrl = `${approving.url}/v22.0/oauth/access_token?client_id=${APP_ID}&client_secret=${APP_SECRET}&code=${code}`;
      const { access_token } = await (await fetch(tokenUrl)).json();
      const response = await fetch(`${approving.url}/v21.0/${wabaId}/message_templates`, {
        method: "POST",
        headers: { authorization: `Bearer ${access_token}`, "content-type": "application/json" },
        body: JSON.stringify(template("order_ready")),
      });
      expect(await response.json()).toMatchObject({ status: "APPROVED" });
    } finally {
      await approving.close();
    }
  });
});

describe("sending", () => {
  const send = (token, body) =>
    graph("POST", `${phoneNumberId}/messages`, {
      token,
      body: { messaging_product: "whatsapp", recipient_type: "individual", to: "5491155550000", ...body },
    });
  const templateMessage = (name, parameters) => ({
    type: "template",
    template: {
      name,
      language: { code: "en_US" },
      components: [{ type: "body", parameters: parameters.map((text) => ({ type: "text", text })) }],
    },
  });

  it("sends text and records it", async () => {
    const token = await tokenFor();
    const sent = await send(token, { type: "text", text: { body: "Hello Ana", preview_url: false } });
    expect(sent.json).toMatchObject({
      messaging_product: "whatsapp",
      contacts: [{ input: "5491155550000", wa_id: "5491155550000" }],
    });
    expect(sent.json.messages[0].id).toMatch(/^wamid\./);
    expect(fake.sent).toEqual([
      { phoneNumberId, to: "5491155550000", type: "text", text: "Hello Ana", wamid: sent.json.messages[0].id },
    ]);
    const long = await send(token, { type: "text", text: { body: "x".repeat(4097) } });
    expect(long.json.error.code).toBe(100);
  });

  it("sends an approved template with the right parameters and refuses the rest", async () => {
    const token = await tokenFor();
    fake.seedTemplates(wabaId, [
      { name: "order_ready", components: template("order_ready").components },
      { name: "pending_one", status: "PENDING" },
    ]);
    const ok = await send(token, templateMessage("order_ready", ["Ana", "A-1001"]));
    expect(ok.status).toBe(200);
    expect(fake.sent[0].template).toEqual({ name: "order_ready", language: "en_US", parameters: ["Ana", "A-1001"] });

    const wrongCount = await send(token, templateMessage("order_ready", ["Ana"]));
    expect(wrongCount.json.error).toMatchObject({
      code: 132000,
      message: "(#132000) Number of parameters does not match the expected number of params",
    });
    const unknown = await send(token, templateMessage("nope", []));
    expect(unknown.json.error).toMatchObject({
      code: 132001,
      message: "(#132001) Template name does not exist in the translation",
    });
    const pending = await send(token, templateMessage("pending_one", []));
    expect(pending.json.error).toMatchObject({ code: 132001, message: "(#132001) Template is not approved" });
    expect(fake.sent).toHaveLength(1);
  });

  it("serves media to the token holder", async () => {
    const token = await tokenFor();
    const id = fake.addMedia({ mimeType: "image/png", data: Buffer.from("png-bytes") });
    const info = await graph("GET", id, { token });
    expect(info.json).toMatchObject({ messaging_product: "whatsapp", mime_type: "image/png", file_size: 9, id });
    const download = await fetch(info.json.url, { headers: { authorization: `Bearer ${token}` } });
    expect(download.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await download.arrayBuffer()).toString()).toBe("png-bytes");
    expect((await fetch(info.json.url)).status).toBe(401);
  });

  it("makes up a large file as it is read, declaring the size it is told, and counts what it produced", async () => {
    const token = await tokenFor();
    const size = 8 * 1024 * 1024;
    const id = fake.addMedia({ mimeType: "image/png", size, declaredSize: 100 });
    const info = await graph("GET", id, { token });
    expect(info.json).toMatchObject({ file_size: 100 });
    expect(
      (await graph("GET", fake.addMedia({ mimeType: "image/png", size: 10, declaredSize: null }), { token })).json,
    ).not.toHaveProperty("file_size");

    const download = await fetch(info.json.url, { headers: { authorization: `Bearer ${token}` } });
    expect(download.headers.get("content-length")).toBeNull();
    const reader = download.body.getReader();
    const first = await reader.read();
    expect(Buffer.from(first.value.subarray(0, 8)).toString("hex")).toBe("89504e470d0a1a0a");
    await reader.cancel();
    // Stopping early leaves most of it unmade.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.mediaBytesServed(id)).toBeLessThan(size);

    const whole = await fetch(info.json.url, { headers: { authorization: `Bearer ${token}` } });
    expect((await whole.arrayBuffer()).byteLength).toBe(size);
  });
});

describe("fault injection and the call log", () => {
  it("fails the next calls of an operation as asked, then answers again", async () => {
    const token = await tokenFor();
    fake.failNext("send", { status: 500, code: 131000, message: "Something went wrong", times: 2 });
    const body = { messaging_product: "whatsapp", to: "5491155550000", type: "text", text: { body: "Hi" } };
    for (let i = 0; i < 2; i++) {
      const failed = await graph("POST", `${phoneNumberId}/messages`, { token, body });
      expect(failed).toMatchObject({ status: 500, json: { error: { code: 131000, message: "Something went wrong" } } });
    }
    expect((await graph("POST", `${phoneNumberId}/messages`, { token, body })).status).toBe(200);
    expect(fake.callsOf("send")).toHaveLength(3);
    expect(fake.callsOf("send")[0]).toMatchObject({
      method: "POST",
      path: `/v22.0/${phoneNumberId}/messages`,
      body,
      authorization: `Bearer ${token}`,
    });
  });

  it("drops the connection, delays, and refuses unknown operation names", async () => {
    const token = await tokenFor();
    fake.failNext("phone_numbers", { networkDrop: true });
    await expect(graph("GET", `${wabaId}/phone_numbers`, { token })).rejects.toThrow();
    fake.delayNext("phone_numbers", 150);
    const started = Date.now();
    expect((await graph("GET", `${wabaId}/phone_numbers`, { token })).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(() => fake.failNext("sendd")).toThrow(/Unknown operation/);
  });
});

describe("webhooks", () => {
  let receiver;
  let received;
  beforeAll(async () => {
    // A stand-in for our webhook route: checks the signature as the server must.
    receiver = createServer((req, res) => {
      const chunks = [];
      req.on("data", (chunk) => chunks.push(chunk));
      req.on("end", () => {
        const raw = Buffer.concat(chunks);
        const expected = Buffer.from(`sha256=${createHmac("sha256", APP_SECRET).update(raw).digest("hex")}`);
        const given = Buffer.from(req.headers["x-hub-signature-256"] ?? "");
        const valid = given.length === expected.length && timingSafeEqual(given, expected);
        if (valid) received.push(JSON.parse(raw.toString()));
        res.writeHead(valid ? 200 : 401, { "content-type": "application/json" });
        res.end(JSON.stringify({ valid }));
      });
    });
    await new Promise((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    fake.setWebhookUrl(`http://127.0.0.1:${receiver.address().port}/webhooks/whatsapp`);
  });
  afterAll(() => new Promise((resolve) => receiver.close(resolve)));
  beforeEach(() => {
    received = [];
  });

  it("signs deliveries with the app secret, and can sign them badly or not at all", async () => {
    const payload = fake.inboundMessage({ from: "5491155550000", name: "Ana", text: "Hola" });
    expect(await fake.deliver(payload)).toEqual({ status: 200, body: { valid: true } });
    expect(await fake.deliver(payload, { signature: "bad" })).toEqual({ status: 401, body: { valid: false } });
    expect(await fake.deliver(payload, { signature: "none" })).toEqual({ status: 401, body: { valid: false } });
    expect(received).toEqual([payload]);
    expect(fake.sign("{}")).toBe(`sha256=${createHmac("sha256", APP_SECRET).update("{}").digest("hex")}`);
  });

  it("builds Meta's payload shapes", () => {
    const text = inboundMessage({
      wabaId,
      phoneNumberId,
      displayPhoneNumber: "15550100001",
      from: "5491155550000",
      name: "Ana",
      id: "wamid.A",
      timestamp: 1700000000,
      text: "Hola",
    });
    expect(text).toEqual({
      object: "whatsapp_business_account",
      entry: [
        {
          id: wabaId,
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                metadata: { display_phone_number: "15550100001", phone_number_id: phoneNumberId },
                contacts: [{ profile: { name: "Ana" }, wa_id: "5491155550000" }],
                messages: [
                  {
                    from: "5491155550000",
                    id: "wamid.A",
                    timestamp: "1700000000",
                    type: "text",
                    text: { body: "Hola" },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    const mediaId = fake.addMedia({ mimeType: "application/pdf", data: Buffer.from("%PDF"), fileName: "quote.pdf" });
    const document = fake.inboundMessage({ type: "document", mediaId }).entry[0].changes[0].value.messages[0];
    expect(document.document).toMatchObject({ id: mediaId, mime_type: "application/pdf", filename: "quote.pdf" });

    const [seeded] = fake.seedTemplates(wabaId, [{ name: "welcome", status: "PENDING" }]);
    const review = fake.templateStatusUpdate({ templateId: seeded.id, event: "REJECTED", reason: "INVALID_FORMAT" });
    expect(review.entry[0].changes[0]).toEqual({
      field: "message_template_status_update",
      value: {
        event: "REJECTED",
        message_template_id: Number(seeded.id),
        message_template_name: "welcome",
        message_template_language: "en_US",
        reason: "INVALID_FORMAT",
      },
    });
    const status = fake.statusUpdate({ wamid: "wamid.B", status: "failed", recipient: "5491155550000" });
    expect(status.entry[0].changes[0].value.statuses[0]).toMatchObject({
      id: "wamid.B",
      recipient_id: "5491155550000",
    });
    expect(fake.qualityUpdate({ event: "DOWNGRADE" }).entry[0].changes[0]).toMatchObject({
      field: "phone_number_quality_update",
      value: { display_phone_number: "15550100001", event: "DOWNGRADE", current_limit: "TIER_1K" },
    });
  });

  it("delivers a customer's message posted to /fake/customer-message", async () => {
    const response = await fetch(`${fake.url}/fake/customer-message`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "Do you deliver on Sundays?", from: "5491100000000", name: "Bea" }),
    });
    expect(await response.json()).toMatchObject({ status: 200, message: { from: "5491100000000", type: "text" } });
    expect(received[0].entry[0].changes[0].value.messages[0].text.body).toBe("Do you deliver on Sundays?");
  });

  it("reports a sent message's status posted to /fake/message-status, the last one sent unless named", async () => {
    const post = (body) =>
      fetch(`${fake.url}/fake/message-status`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await post({ status: "read" })).status).toBe(404);
    const token = await tokenFor();
    const first = await graph("POST", `${phoneNumberId}/messages`, {
      token,
      body: { messaging_product: "whatsapp", to: "5491155550000", type: "text", text: { body: "One" } },
    });
    await graph("POST", `${phoneNumberId}/messages`, {
      token,
      body: { messaging_product: "whatsapp", to: "5491155550000", type: "text", text: { body: "Two" } },
    });
    const [, second] = fake.sent;

    const read = await post({ status: "read" });
    expect(await read.json()).toMatchObject({ status: 200, wamid: second.wamid });
    expect(received[0].entry[0].changes[0].value.statuses[0]).toMatchObject({
      id: second.wamid,
      status: "read",
      recipient_id: "5491155550000",
    });

    const wamid = first.json.messages[0].id;
    await post({ status: "failed", wamid, error_code: 131047, error: "Re-engagement message" });
    expect(received[1].entry[0].changes[0].value.statuses[0]).toMatchObject({
      id: wamid,
      status: "failed",
      errors: [{ code: 131047, title: "Re-engagement message", error_data: { details: "Re-engagement message" } }],
    });
    expect((await post({ status: "lost" })).status).toBe(400);
  });

  it("names the message by its recipient: the last one sent to that number, whatever went out after", async () => {
    const post = (body) =>
      fetch(`${fake.url}/fake/message-status`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const token = await tokenFor();
    const send = (to, text) =>
      graph("POST", `${phoneNumberId}/messages`, {
        token,
        body: { messaging_product: "whatsapp", to, type: "text", text: { body: text } },
      });
    const toAna = await send("5491155551111", "For Ana");
    await send("5491155552222", "For Bruno, sent after");
    const failed = await post({ status: "failed", to: "+54 9 11 5555-1111", error_code: 131047 });
    expect(await failed.json()).toMatchObject({ status: 200, wamid: toAna.json.messages[0].id });
    expect((await post({ status: "read", to: "5491100000000" })).status).toBe(404);
  });
});

describe("the signup without a browser", () => {
  it("answers a fresh exchangeable code and the business's ids at /fake/signup", async () => {
    const response = await fetch(`${fake.url}/fake/signup`);
    const signup = await response.json();
    expect(signup).toEqual({
      code: expect.stringMatching(/^fake-code-/),
      waba_id: wabaId,
      phone_number_id: phoneNumberId,
      business_id: "700000000000001",
    });
    const exchanged = await graph("GET", "oauth/access_token", {
      query: { client_id: APP_ID, client_secret: APP_SECRET, code: signup.code },
    });
    expect(exchanged.status).toBe(200);
    expect((await (await fetch(`${fake.url}/fake/signup`)).json()).code).not.toBe(signup.code);
  });
});

describe("the fake Facebook SDK", () => {
  /** Runs sdk.js in a sandbox with just the window a browser would give it. */
  async function loadSdk(query = "") {
    const response = await fetch(`${fake.url}/sdk.js${query}`);
    expect(response.headers.get("content-type")).toMatch(/^application\/javascript/);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const source = await response.text();
    const events = [];
    const window = {
      location: { origin: "http://127.0.0.1:5173" },
      postMessage: (message, origin) => events.push({ message: JSON.parse(message), origin }),
      fbAsyncInit: () => window.FB.init({ appId: APP_ID, version: "v22.0" }),
    };
    vm.runInNewContext(source, { window, setTimeout, console });
    const login = (options) =>
      new Promise((resolve) => {
        window.FB.login((answer) => events.push({ answer }), options);
        setTimeout(() => resolve(events), 250);
      });
    return { source, window, login };
  }
  const options = { config_id: "fake-config", response_type: "code", override_default_response_type: true };

  it("defines FB.login, posts the signup's ids and calls back with an exchangeable code", async () => {
    const { source, login } = await loadSdk();
    expect(source).toContain("login: function");
    const [event, callback] = await login(options);
    expect(event).toEqual({
      message: {
        type: "WA_EMBEDDED_SIGNUP",
        event: "FINISH",
        data: { phone_number_id: phoneNumberId, waba_id: wabaId, business_id: "700000000000001" },
      },
      origin: "http://127.0.0.1:5173",
    });
    expect(callback.answer.status).toBe("connected");
    const exchanged = await graph("GET", "oauth/access_token", {
      query: { client_id: APP_ID, client_secret: APP_SECRET, code: callback.answer.authResponse.code },
    });
    expect(exchanged.status).toBe(200);
  });

  it("calls back first with ?order=code_first, cancels with ?cancel=1, and needs a config_id", async () => {
    const codeFirst = await (await loadSdk("?order=code_first")).login(options);
    expect(Object.keys(codeFirst[0])).toEqual(["answer"]);
    const cancelled = await (await loadSdk("?cancel=1")).login(options);
    expect(cancelled.map((e) => e.message?.event ?? e.answer)).toEqual([
      "CANCEL",
      { authResponse: null, status: "unknown" },
    ]);
    const { window } = await loadSdk();
    expect(() => window.FB.login(() => {}, {})).toThrow(/config_id/);
  });
});

it("reset clears calls, sent, templates and subscriptions but keeps businesses and tokens", async () => {
  const token = await tokenFor();
  await graph("POST", `${wabaId}/subscribed_apps`, { token });
  fake.seedTemplates(wabaId, [{ name: "welcome" }]);
  fake.reset();
  expect(fake.calls).toEqual([]);
  expect(fake.subscribedWabas()).toEqual([]);
  expect((await graph("GET", `${wabaId}/message_templates`, { token })).json).toEqual({ data: [] });
  expect(fake.businesses[0].wabaId).toBe(wabaId);
});
