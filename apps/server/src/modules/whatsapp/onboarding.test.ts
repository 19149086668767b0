import { camelizeKeys, whatsappStatusSchema } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp } from "#server/test/app.ts";
import { addMember, apiHeaders, createUser, issueTokenFor } from "#server/test/fixtures.ts";
import { type WhatsappWorld, whatsappWorld } from "#server/test/whatsapp-setup.ts";
import type { Operation } from "../../../../../scripts/whatsapp/fake-graph-api.mjs";

// Meta's embedded signup, finished by the server against the fake Graph API on 127.0.0.1: the steps in
// order, each step failing (a clear state and message, and a retry that resumes), disconnect, who
// answers the number, and the not-configured server.

let w: WhatsappWorld;
beforeAll(async () => {
  w = await whatsappWorld();
});
afterAll(async () => {
  await w?.close();
});
beforeEach(async () => {
  w.fake.reset();
  await w.t.db.execute(sql`delete from whatsapp_connections`);
});

const connectionOf = async (companyId: string) =>
  (await w.rows<Record<string, unknown>>(sql`select * from whatsapp_connections where company_id = ${companyId}`))[0];

describe("onboarding", () => {
  it("runs the steps in order and answers the connected status with the number's details", async () => {
    w.fake.seedTemplates(w.fake.businesses[0]!.wabaId, [{ name: "order_update" }]);
    const response = await w.onboard(w.a, {}, { ai_employee_id: w.a.employee.id });
    expect(response.statusCode, response.body).toBe(200);
    const status = whatsappStatusSchema.parse(camelizeKeys(response.json()));
    expect(status.connection).toMatchObject({
      state: "connected",
      step: null,
      error: null,
      phoneNumber: "+1 555-010-0001",
      verifiedName: "Northwind Demo",
      quality: "green",
      verified: true,
      status: "CONNECTED",
      assignee: { aiEmployeeId: w.a.employee.id, name: w.a.employee.name },
    });
    expect(status.connection?.templatesSyncedAt).not.toBeNull();
    expect(status.webhookUrl).toBe("https://foreman.example.com/webhooks/whatsapp");
    // The order Meta requires: subscribe before any callback override (none is made at all).
    const operations = w.fake.calls.map((call) => call.operation);
    expect(operations).toEqual(["token", "debug_token", "phone_number", "register", "subscribe", "list_templates"]);
    expect(w.fake.callsOf("subscribe")[0]!.body ?? {}).not.toHaveProperty("override_callback_uri");
    expect(w.fake.subscribedWabas()).toContain(w.fake.businesses[0]!.wabaId);
    expect(w.fake.registeredNumbers()).toContain(w.fake.businesses[0]!.phoneNumberId);
    // The token is stored sealed, never as issued.
    const row = await connectionOf(w.a.companyId);
    const issued = String(w.fake.callsOf("phone_number")[0]!.authorization).replace("Bearer ", "");
    expect(String(row!.access_token_sealed)).toMatch(/^v1\./);
    expect(String(row!.access_token_sealed)).not.toContain(issued);
    const [template] = await w.rows(
      sql`select name, status from whatsapp_templates where company_id = ${w.a.companyId}`,
    );
    expect(template).toEqual({ name: "order_update", status: "active" });
    const [activity] = await w.rows(
      sql`select kind from activities where company_id = ${w.a.companyId} and kind = 'whatsapp.connected'`,
    );
    expect(activity).toEqual({ kind: "whatsapp.connected" });
  });

  const steps: [Operation, string, string][] = [
    ["token", "token", "Exchanging the signup code failed"],
    ["debug_token", "scopes", "Checking access to the WhatsApp Business Account failed"],
    ["phone_number", "phone_number", "Reading the phone number failed"],
    ["register", "register", "Registering the number failed"],
    ["subscribe", "subscribe", "Subscribing to messages failed"],
    ["list_templates", "templates", "Syncing templates failed"],
  ];
  for (const [operation, step, message] of steps) {
    it(`answers a clear failure when ${step} fails, and a retry resumes`, async () => {
      w.fake.failNext(operation, { code: 100, message: "Invalid parameter", userMessage: `Meta says no to ${step}` });
      const failed = await w.onboard(w.a);
      expect(failed.statusCode, failed.body).toBe(422);
      expect(failed.json()).toMatchObject({
        error: "whatsapp_onboarding_failed",
        error_description: `${message}: Meta says no to ${step} (code 100)`,
        details: [{ field: step }],
      });
      const status = await w.status(w.a);
      if (["token", "scopes", "phone_number"].includes(step)) {
        // Until the token is shown to reach the number, nothing is stored (the number is not claimed).
        expect(status.connection).toBeNull();
      } else {
        expect(status.connection).toMatchObject({
          state: "disconnected",
          step,
          error: expect.stringContaining(message),
        });
      }
      const registeredBefore = w.fake.callsOf("register").length;
      const retried = await w.onboard(w.a);
      expect(retried.statusCode, retried.body).toBe(200);
      expect((retried.json() as { connection: { state: string } }).connection.state).toBe("connected");
      // Work already done for the same number is not done again.
      const registered = w.fake.callsOf("register").length - registeredBefore;
      expect(registered).toBe(["token", "scopes", "phone_number", "register"].includes(step) ? 1 : 0);
    });
  }

  it("refuses a token that does not reach the WABA the signup named", async () => {
    const code = w.fake.issueCode({ wabaId: w.fake.businesses[1]!.wabaId });
    const response = await w.t.app.inject({
      method: "POST",
      url: "/app/whatsapp/embedded_signup/integrations/onboard.json",
      headers: w.a.headers,
      payload: {
        whatsapp_embedded_signup: {
          code,
          waba_id: w.fake.businesses[0]!.wabaId,
          phone_number_id: w.fake.businesses[0]!.phoneNumberId,
        },
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error_description).toContain(
      `does not reach WhatsApp Business Account ${w.fake.businesses[0]!.wabaId}`,
    );
    expect(w.fake.callsOf("register")).toHaveLength(0);
  });

  it("leaves a connected number as it was when a new signup's checks fail", async () => {
    expect((await w.onboard(w.a)).statusCode).toBe(200);
    const before = await connectionOf(w.a.companyId);
    w.fake.failNext("token", { code: 100, message: "Invalid verification code format." });
    const failed = await w.onboard(w.a, w.fake.businesses[1]!);
    expect(failed.statusCode).toBe(422);
    expect(await connectionOf(w.a.companyId)).toEqual(before);
  });

  describe("a number the token cannot reach (squatting another business's number)", () => {
    const victim = () => w.fake.businesses[0]!;
    const attackersOwn = () => w.fake.businesses[1]!;
    const claim = (code: string) =>
      w.t.app.inject({
        method: "POST",
        url: "/app/whatsapp/embedded_signup/integrations/onboard.json",
        headers: w.b.headers,
        payload: {
          whatsapp_embedded_signup: {
            code,
            waba_id: attackersOwn().wabaId,
            phone_number_id: victim().phoneNumberId,
          },
        },
      });
    const storedNumbers = async () =>
      (await w.rows<{ phone_number_id: string }>(sql`select phone_number_id from whatsapp_connections`)).map(
        (row) => row.phone_number_id,
      );

    it.each([
      ["the attacker's own token (it reaches their WABA, not the number)", () => w.fake.issueCode(attackersOwn())],
      ["a code Meta does not know", () => "not-a-real-code"],
    ])("refuses it with %s, storing nothing, and its owner connects it", async (_, codeOf) => {
      const refused = await claim(codeOf());
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json()).toMatchObject({ error: "whatsapp_onboarding_failed" });
      expect(await storedNumbers()).not.toContain(victim().phoneNumberId);
      expect((await w.status(w.b)).connection).toBeNull();
      expect(w.fake.callsOf("register")).toHaveLength(0);

      const owner = await w.onboard(w.a);
      expect(owner.statusCode, owner.body).toBe(200);
      expect((owner.json() as { connection: { state: string } }).connection.state).toBe("connected");
    });
  });

  it("keeps a number to one company, and writes to members are refused", async () => {
    expect((await w.onboard(w.a)).statusCode).toBe(200);
    const taken = await w.onboard(w.b);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error_description).toBe("This WhatsApp number is connected to another company in Foreman");
    const member = await createUser(w.t.db);
    await addMember(w.t.db, member.id, w.b.companyId, "member");
    const headers = apiHeaders((await issueTokenFor(w.t.db, member.id)).accessToken, w.b.companyId);
    for (const url of ["onboard.json", "disconnect.json"]) {
      const response = await w.t.app.inject({
        method: "POST",
        url: `/app/whatsapp/embedded_signup/integrations/${url}`,
        headers,
        payload: { whatsapp_embedded_signup: { code: "c", waba_id: "1", phone_number_id: "2" } },
      });
      expect(response.statusCode, url).toBe(403);
    }
    // Members still read the status.
    const status = await w.t.app.inject({
      method: "GET",
      url: "/app/whatsapp/embedded_signup/integrations/status.json",
      headers,
    });
    expect(status.statusCode).toBe(200);
  });

  it("disconnects: unsubscribes, forgets the token, keeps conversations", async () => {
    expect((await w.onboard(w.a)).statusCode).toBe(200);
    const response = await w.t.app.inject({
      method: "POST",
      url: "/app/whatsapp/embedded_signup/integrations/disconnect.json",
      headers: w.a.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().connection).toMatchObject({ state: "disconnected", error: null });
    expect(w.fake.callsOf("unsubscribe")).toHaveLength(1);
    expect(w.fake.subscribedWabas()).not.toContain(w.fake.businesses[0]!.wabaId);
    expect((await connectionOf(w.a.companyId))!.access_token_sealed).toBeNull();
  });

  it("forgets the token even when Meta cannot be told, and says what to do", async () => {
    expect((await w.onboard(w.a)).statusCode).toBe(200);
    w.fake.failNext("unsubscribe", { networkDrop: true });
    const response = await w.t.app.inject({
      method: "POST",
      url: "/app/whatsapp/embedded_signup/integrations/disconnect.json",
      headers: w.a.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().connection.error).toContain("remove Foreman from the WhatsApp Business Account");
    expect((await connectionOf(w.a.companyId))!.access_token_sealed).toBeNull();
  });

  it("assigns the number to an employee or a department of the company only", async () => {
    expect((await w.onboard(w.a)).statusCode).toBe(200);
    const put = (payload: Record<string, unknown>) =>
      w.t.app.inject({ method: "PUT", url: "/app/whatsapp/assignee.json", headers: w.a.headers, payload });
    const foreign = await put({ ai_employee_id: w.b.employee.id });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().details).toEqual([{ field: "ai_employee_id", message: "not found in this company" }]);
    const both = await put({ ai_employee_id: w.a.employee.id, department_id: w.a.employee.id });
    expect(both.statusCode).toBe(400);
    const ok = await put({ ai_employee_id: w.a.employee.id });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().connection.assignee).toEqual({
      ai_employee_id: w.a.employee.id,
      department_id: null,
      name: w.a.employee.name,
    });
  });
});

describe("the integrations list and the pages' headers", () => {
  it("reads WhatsApp's state from the connection", async () => {
    const whatsapp = async () => {
      const response = await w.t.app.inject({ method: "GET", url: "/app/integrations.json", headers: w.a.headers });
      return (response.json() as { integrations: { key: string }[] }).integrations.find((i) => i.key === "whatsapp");
    };
    expect(await whatsapp()).toMatchObject({
      state: "disconnected",
      setup: { endpoint: "POST /app/whatsapp/embedded_signup/integrations/onboard.json" },
    });
    expect((await w.onboard(w.a)).statusCode).toBe(200);
    expect(await whatsapp()).toMatchObject({
      state: "connected",
      details: [
        { label: "Number", value: "+1 555-010-0001" },
        { label: "Name", value: "Northwind Demo" },
        { label: "Quality", value: "green" },
      ],
      setup: null,
    });
  });

  it("let pages load Meta's SDK and keep the signup popup's opener", async () => {
    const page = await w.t.app.inject({ method: "GET", url: "/sign_in" });
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self' https://connect.facebook.net;");
    expect(csp).toContain("https://www.facebook.com");
    expect(page.headers["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
  });
});

describe("a server without WhatsApp settings", () => {
  it("reports what to set, and refuses the signup and the webhook", async () => {
    const t = await createTestApp({ env: { WHATSAPP_APP_ID: "1234" } });
    try {
      const user = await createUser(t.db);
      const { createCompany } = await import("#server/test/fixtures.ts");
      const company = await createCompany(t.db);
      await addMember(t.db, user.id, company.id, "owner");
      const headers = apiHeaders((await issueTokenFor(t.db, user.id)).accessToken, company.id);
      const status = await t.app.inject({
        method: "GET",
        url: "/app/whatsapp/embedded_signup/integrations/status.json",
        headers,
      });
      expect(status.json()).toEqual({
        configured: false,
        missing: ["WHATSAPP_APP_SECRET", "WHATSAPP_CONFIG_ID", "WHATSAPP_VERIFY_TOKEN", "PUBLIC_URL"],
        signup: null,
        webhook_url: null,
        connection: null,
      });
      const onboard = await t.app.inject({
        method: "POST",
        url: "/app/whatsapp/embedded_signup/integrations/onboard.json",
        headers,
        payload: { whatsapp_embedded_signup: { code: "x", waba_id: "1", phone_number_id: "2" } },
      });
      expect(onboard.statusCode).toBe(409);
      expect(onboard.json().error).toBe("whatsapp_not_configured");
      const webhook = await t.app.inject({ method: "POST", url: "/webhooks/whatsapp", payload: "{}" });
      expect(webhook.statusCode).toBe(404);
      // No SDK allowed, and the opener stays cut off.
      const page = await t.app.inject({ method: "GET", url: "/sign_in" });
      expect(String(page.headers["content-security-policy"])).toContain("script-src 'self';");
      expect(page.headers["cross-origin-opener-policy"]).toBe("same-origin");
    } finally {
      await t.close();
    }
  });
});
