import {
  COMPANY_ID_HEADER,
  camelizeKeys,
  connectionTestSchema,
  integrationListSchema,
  MANAGER_ROLE_REQUIRED,
} from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgentCompany, createAgentCompany } from "#server/test/agents-setup.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import {
  delayed,
  FAKE_LLM_TIMEOUT_MS,
  type FakeOpenAi,
  fakeOpenAiEnv,
  startFakeOpenAi,
} from "#server/test/fake-openai.ts";
import { addMember, apiHeaders, createMember, createUser, issueTokenFor } from "#server/test/fixtures.ts";
import { rows } from "#server/test/sales-setup.ts";

// The training centre's integrations through the real HTTP layer: each state read from the
// configuration and the company's records (API channels opened and revoked through the API), and the
// model's connection test — the built-in engine, and an OpenAI-compatible fake on 127.0.0.1 that answers,
// refuses the key or does not answer in time.

type Json = Record<string, unknown>;
type IntegrationJson = { key: string; state: string; details: { label: string; value: string }[]; setup: Json | null };

const list = (t: TestApp, headers: Record<string, string>) =>
  t.app.inject({ method: "GET", url: "/app/integrations.json", headers });
const testConnection = (t: TestApp, headers: Record<string, string>) =>
  t.app.inject({ method: "POST", url: "/app/integrations/model_provider/test.json", headers });

async function integrationsOf(t: TestApp, headers: Record<string, string>) {
  const response = await list(t, headers);
  expect(response.statusCode, response.body).toBe(200);
  expect(integrationListSchema.safeParse(camelizeKeys(response.json())).success).toBe(true);
  const body = response.json() as { integrations: IntegrationJson[] };
  return { body: response.body, byKey: Object.fromEntries(body.integrations.map((item) => [item.key, item])) };
}

async function withRole(t: TestApp, companyId: string, role: "member" | "admin") {
  const user = await createUser(t.db);
  await addMember(t.db, user.id, companyId, role);
  return apiHeaders((await issueTokenFor(t.db, user.id)).accessToken, companyId);
}

describe("integrations with the built-in engine and no Chatwoot", () => {
  let t: TestApp;
  let acme: AgentCompany;
  let bare: { headers: Record<string, string>; companyId: string };
  let member: Record<string, string>;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    acme = await createAgentCompany(t.db, "Acme");
    const { user, company } = await createMember(t.db, "Bare");
    bare = { companyId: company.id, headers: apiHeaders((await issueTokenFor(t.db, user.id)).accessToken, company.id) };
    member = await withRole(t, acme.companyId, "member");
    admin = await withRole(t, acme.companyId, "admin");
  });
  afterAll(async () => {
    await t.close();
  });

  it("lists the six integrations in order, each in its real state", async () => {
    const response = await list(t, bare.headers);
    expect(response.statusCode, response.body).toBe(200);
    const { integrations } = response.json() as { integrations: IntegrationJson[] };
    expect(integrations.map((item) => [item.key, item.state])).toEqual([
      ["model_provider", "connected"],
      ["website_chat", "disconnected"],
      ["channel_api", "disconnected"],
      ["chatwoot", "disconnected"],
      ["whatsapp", "coming_soon"],
      ["email", "disconnected"],
    ]);
    const [model, websiteChat, channel, chatwoot, whatsapp, email] = integrations;
    expect(email).toMatchObject({
      details: [],
      setup: { variables: [], endpoint: "POST /app/email_channels.json" },
      actions: [],
    });
    expect(websiteChat).toMatchObject({ details: [], setup: { endpoint: "POST /app/website_chats.json" } });
    expect(model).toMatchObject({
      name: "AI model",
      details: [
        { label: "Engine", value: "Built-in engine, no key needed" },
        { label: "Model", value: "foreman-builtin-1" },
      ],
      setup: { variables: ["LLM_PROVIDER", "LLM_API_KEY", "LLM_MODEL", "LLM_BASE_URL"], endpoint: null },
      actions: ["test_connection"],
    });
    expect(channel).toMatchObject({ details: [], setup: { variables: [], endpoint: "POST /app/api_channels.json" } });
    expect(chatwoot).toMatchObject({
      details: [],
      setup: { variables: ["CHATWOOT_URL", "CHATWOOT_PLATFORM_TOKEN"], endpoint: null },
      actions: [],
    });
    expect(whatsapp).toMatchObject({
      details: [],
      setup: {
        variables: [
          "WHATSAPP_APP_ID",
          "WHATSAPP_APP_SECRET",
          "WHATSAPP_CONFIG_ID",
          "WHATSAPP_VERIFY_TOKEN",
          "PUBLIC_URL",
        ],
        endpoint: null,
      },
      actions: [],
    });
  });

  it("shows the channel API connected while the company has a channel with a token, and only its own", async () => {
    let { byKey } = await integrationsOf(t, acme.headers);
    expect(byKey.channel_api).toMatchObject({
      state: "connected",
      details: [
        { label: "Channels with a token", value: "1" },
        { label: "Inbound messages", value: "POST /api/v1/messages" },
      ],
      setup: null,
    });
    // Another company's channel does not connect this one.
    expect((await integrationsOf(t, bare.headers)).byKey.channel_api!.state).toBe("disconnected");

    const opened = await t.app.inject({
      method: "POST",
      url: "/app/api_channels.json",
      headers: acme.headers,
      payload: { name: "Second chat", ai_employee_id: acme.employee.id },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    ({ byKey } = await integrationsOf(t, acme.headers));
    expect(byKey.channel_api!.details[0]).toEqual({ label: "Channels with a token", value: "2" });

    for (const id of [acme.channel.id, (opened.json() as { id: string }).id]) {
      const revoked = await t.app.inject({
        method: "POST",
        url: `/app/api_channels/${id}/revoke.json`,
        headers: acme.headers,
      });
      expect(revoked.statusCode, revoked.body).toBe(200);
    }
    ({ byKey } = await integrationsOf(t, acme.headers));
    expect(byKey.channel_api).toMatchObject({ state: "disconnected", details: [] });
  });

  it("shows the website chat connected while the company has one switched on, and only its own", async () => {
    const opened = await t.app.inject({
      method: "POST",
      url: "/app/website_chats.json",
      headers: acme.headers,
      payload: { name: "Shop chat", ai_employee_id: acme.employee.id, allowed_origins: ["https://acme.example"] },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const id = (opened.json() as { website_chat: { id: string } }).website_chat.id;
    let { byKey } = await integrationsOf(t, acme.headers);
    expect(byKey.website_chat).toMatchObject({
      state: "connected",
      details: [{ label: "Website chats on", value: "1 of 1" }],
      setup: null,
    });
    expect((await integrationsOf(t, bare.headers)).byKey.website_chat!.state).toBe("disconnected");

    const off = await t.app.inject({
      method: "PATCH",
      url: `/app/website_chats/${id}.json`,
      headers: acme.headers,
      payload: { enabled: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    ({ byKey } = await integrationsOf(t, acme.headers));
    expect(byKey.website_chat).toMatchObject({
      state: "disconnected",
      details: [{ label: "Website chats on", value: "0 of 1" }],
    });
    await t.app.inject({ method: "DELETE", url: `/app/website_chats/${id}.json`, headers: acme.headers });
  });

  it("is readable by every member", async () => {
    expect((await list(t, member)).statusCode).toBe(200);
  });

  it("tests the built-in engine for owners and admins, and refuses members", async () => {
    for (const headers of [acme.headers, admin]) {
      const response = await testConnection(t, headers);
      expect(response.statusCode, response.body).toBe(200);
      const result = connectionTestSchema.parse(camelizeKeys(response.json()));
      expect(result).toEqual({
        ok: true,
        provider: "builtin",
        model: "foreman-builtin-1",
        latencyMs: expect.any(Number),
      });
    }
    const refused = await testConnection(t, member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: "forbidden", error_description: MANAGER_ROLE_REQUIRED });
    // A test is no conversation: nothing is run or recorded.
    const [counts] = await rows(
      t.db,
      sql`select (select count(*)::int from agent_runs) as runs, (select count(*)::int from conversations) as conversations`,
    );
    expect(counts).toEqual({ runs: 0, conversations: 0 });
  });

  it("answers another company's and no company the way every scoped route does", async () => {
    const foreign = { ...acme.headers, [COMPANY_ID_HEADER]: bare.companyId };
    expect((await list(t, foreign)).statusCode).toBe(404);
    expect((await testConnection(t, foreign)).statusCode).toBe(404);
    const { [COMPANY_ID_HEADER]: _, ...noCompany } = acme.headers;
    const missing = await list(t, noCompany);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: "No company ID available" });
  });
});

describe("integrations with Chatwoot and an OpenAI-compatible model", () => {
  const API_KEY = "sk-test-integrations-0123456789";
  const CHATWOOT_TOKEN = "cw-platform-secret-token";
  let fake: FakeOpenAi;
  let t: TestApp;
  let owner: Record<string, string>;
  beforeAll(async () => {
    fake = await startFakeOpenAi([]);
    t = await createTestApp({
      env: {
        CHATWOOT_URL: "https://chat.example.com/",
        CHATWOOT_PLATFORM_TOKEN: CHATWOOT_TOKEN,
        ...fakeOpenAiEnv(fake, API_KEY),
      },
    });
    const { user, company } = await createMember(t.db, "Configured");
    owner = apiHeaders((await issueTokenFor(t.db, user.id)).accessToken, company.id);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it("shows Chatwoot's host and the model's host and name, never a key or a token", async () => {
    const { body, byKey } = await integrationsOf(t, owner);
    expect(byKey.chatwoot).toMatchObject({
      state: "connected",
      details: [{ label: "Host", value: "chat.example.com" }],
      setup: null,
    });
    expect(byKey.model_provider).toMatchObject({
      state: "connected",
      details: [
        { label: "Engine", value: "OpenAI-compatible API" },
        { label: "Host", value: new URL(fake.url).host },
        { label: "Model", value: "scripted-model" },
      ],
      setup: null,
    });
    expect(body).not.toContain(API_KEY);
    expect(body).not.toContain(CHATWOOT_TOKEN);
  });

  it("runs one tiny completion through the model and answers its latency", async () => {
    fake.push({ content: "ok" });
    const response = await testConnection(t, owner);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      ok: true,
      provider: "openai",
      model: "scripted-model",
      latency_ms: expect.any(Number),
    });
    const sent = fake.requests.at(-1)!;
    expect(sent.authorization).toBe(`Bearer ${API_KEY}`);
    expect(sent.body).toMatchObject({ model: "scripted-model" });
    expect(sent.body).not.toHaveProperty("tools");
  });

  it("answers ok: false with the provider's failure, not an error status, and without the key", async () => {
    fake.push({ status: 401, body: { error: { message: `Incorrect API key provided: ${API_KEY}` } } });
    const response = await testConnection(t, owner);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      ok: false,
      provider: "openai",
      model: "scripted-model",
      latency_ms: expect.any(Number),
      error: "The model provider answered 401 Unauthorized",
    });
    expect(response.body).not.toContain(API_KEY);
  });

  it("gives up on a model that does not answer in time", async () => {
    // The answer would come 5 s after the timeout: the test gave up well before it.
    fake.push(delayed(FAKE_LLM_TIMEOUT_MS + 5_000, { content: "too late" }));
    const response = await testConnection(t, owner);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      ok: false,
      error: `The model provider did not answer within ${FAKE_LLM_TIMEOUT_MS / 1000} s`,
    });
    expect((response.json() as { latency_ms: number }).latency_ms).toBeLessThan(FAKE_LLM_TIMEOUT_MS + 3_000);
  });
});

describe("the email integration", () => {
  const SMTP_PASSWORD = "smtp-secret-password";
  let plain: TestApp;
  let configured: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
    configured = await createTestApp({
      env: {
        SMTP_URL: `smtp://mailer:${SMTP_PASSWORD}@smtp.acme.example:2525`,
        EMAIL_INBOUND_PORT: "0",
        EMAIL_INBOUND_HOST: "127.0.0.1",
        EMAIL_WEBHOOK_SECRET: "a-webhook-secret-of-32-characters",
      },
    });
  });
  afterAll(async () => {
    await plain.close();
    await configured.close();
  });

  const openChannel = async (t: TestApp, company: AgentCompany) => {
    const response = await t.app.inject({
      method: "POST",
      url: "/app/email_channels.json",
      headers: company.headers,
      payload: { name: "Support mail", ai_employee_id: company.employee.id },
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { email_channel: { id: string } }).email_channel.id;
  };

  it("is disconnected without a channel, then setting up while no SMTP server can send", async () => {
    const acme = await createAgentCompany(plain.db, "Acme");
    expect((await integrationsOf(plain, acme.headers)).byKey.email).toMatchObject({
      state: "disconnected",
      details: [],
      setup: { endpoint: "POST /app/email_channels.json" },
      actions: [],
    });
    await openChannel(plain, acme);
    expect((await integrationsOf(plain, acme.headers)).byKey.email).toMatchObject({
      state: "setting_up",
      details: [
        { label: "Email channels on", value: "1 of 1" },
        { label: "Outgoing mail", value: "Kept in the outbox" },
        { label: "Incoming mail", value: "No way in yet: set EMAIL_INBOUND_PORT or EMAIL_WEBHOOK_SECRET" },
      ],
      setup: { variables: ["SMTP_URL", "MAIL_FROM"], endpoint: null },
      actions: ["send_test_mail"],
    });
    // Another company's channel connects nothing here.
    const other = await createAgentCompany(plain.db, "Globex");
    expect((await integrationsOf(plain, other.headers)).byKey.email!.state).toBe("disconnected");
  });

  it("is connected with a channel on and an SMTP server, showing its host and the ways in, never the password", async () => {
    const acme = await createAgentCompany(configured.db, "Acme");
    const id = await openChannel(configured, acme);
    const { body, byKey: connected } = await integrationsOf(configured, acme.headers);
    expect(connected.email).toMatchObject({
      state: "connected",
      details: [
        { label: "Email channels on", value: "1 of 1" },
        { label: "Outgoing mail", value: "smtp.acme.example:2525" },
        { label: "Incoming mail", value: "SMTP listener on port 0" },
        { label: "Incoming mail", value: "Webhook POST /webhooks/email" },
      ],
      setup: null,
      actions: ["send_test_mail"],
    });
    expect(body).not.toContain(SMTP_PASSWORD);
    expect(body).not.toContain("mailer");

    const off = await configured.app.inject({
      method: "PATCH",
      url: `/app/email_channels/${id}.json`,
      headers: acme.headers,
      payload: { enabled: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const { byKey } = await integrationsOf(configured, acme.headers);
    expect(byKey.email).toMatchObject({
      state: "disconnected",
      setup: { endpoint: "PATCH /app/email_channels/{id}.json" },
      actions: ["send_test_mail"],
    });
    expect(byKey.email!.details[0]).toEqual({ label: "Email channels on", value: "0 of 1" });
  });
});
