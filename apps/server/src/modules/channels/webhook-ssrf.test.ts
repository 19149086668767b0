import dns from "node:dns";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { CLIENT_ID_HEADER, sessionFromTokenHeaders, WEB_CLIENT_ID } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { apiHeaders, createDepartment } from "#server/test/fixtures.ts";
import { rows } from "#server/test/tasks-setup.ts";

// As an attacker runs it: anyone signs up, becomes an owner, opens an API channel whose
// webhook points inside the server's network, and has every AI reply POSTed there. Saving such a URL
// is refused; a name that looked public when saved and points inside at delivery is refused then.

const REBINDING_NAME = "hooks.example.com";

describe("channel webhooks pointed at the server's own network", () => {
  let t: TestApp;
  let receiver: Server;
  let port: number;
  const hits: string[] = [];
  let headers: Record<string, string>;
  let employeeId: string;
  // What the attacker's name resolves to right now.
  let rebindingAnswer = "93.184.216.34";

  beforeAll(async () => {
    // The system resolver, as every client reaches it, with one name the attacker controls.
    const lookup = dns.lookup;
    vi.spyOn(dns, "lookup").mockImplementation(((hostname: string, options: unknown, callback: unknown) => {
      const done = (typeof options === "function" ? options : callback) as (...args: unknown[]) => void;
      const all = typeof options === "object" && options !== null && (options as { all?: boolean }).all;
      if (hostname !== REBINDING_NAME) return (lookup as (...args: unknown[]) => void)(hostname, options, callback);
      const family = rebindingAnswer.includes(":") ? 6 : 4;
      process.nextTick(() =>
        all ? done(null, [{ address: rebindingAnswer, family }]) : done(null, rebindingAnswer, family),
      );
    }) as typeof dns.lookup);

    receiver = createServer((request, response) => {
      hits.push(`${request.method} ${request.url}`);
      response.end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    port = (receiver.address() as AddressInfo).port;

    t = await createTestApp();
    const signUp = await t.app.inject({
      method: "POST",
      url: "/users.json",
      headers: { [CLIENT_ID_HEADER]: WEB_CLIENT_ID },
      payload: {
        user: {
          first_name: "Mallory",
          last_name: "Attacker",
          email: "mallory@example.com",
          password: "correct horse battery",
          password_confirmation: "correct horse battery",
          company_name: "Mallory Ltd",
        },
      },
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const session = sessionFromTokenHeaders(signUp.headers as Record<string, string>)!;
    const companyId = signUp.json().company.id as string;
    headers = apiHeaders(session.accessToken, companyId);
    // No endpoint creates departments yet (a new company's come with presets later): the one step not over HTTP.
    const department = await createDepartment(t.db, companyId, { name: "Sales" });
    const hired = await t.app.inject({
      method: "POST",
      url: "/app/ai_employees.json",
      headers,
      payload: { name: "Eve", role: "Sales agent", department_id: department.id },
    });
    expect(hired.statusCode, hired.body).toBe(201);
    employeeId = hired.json().id;
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  const openChannel = (webhookUrl: string) =>
    t.app.inject({
      method: "POST",
      url: "/app/api_channels.json",
      headers,
      payload: { name: "Website chat", ai_employee_id: employeeId, webhook_url: webhookUrl },
    });
  const channelCount = async () => Number((await rows(t.db, sql`select count(*)::int as n from api_channels`))[0]!.n);

  it.each([
    ["loopback", () => `http://127.0.0.1:${port}/hook`, "127.0.0.1 is not a public address (loopback)"],
    ["IPv6 loopback", () => `http://[::1]:${port}/hook`, "not a public address (loopback)"],
    ["localhost", () => `http://localhost:${port}/hook`, "localhost is not a public address (loopback)"],
    ["hex", () => `http://0x7f000001:${port}/hook`, "127.0.0.1 is not a public address (loopback)"],
    ["decimal", () => `http://2130706433:${port}/hook`, "127.0.0.1 is not a public address (loopback)"],
    ["octal", () => `http://0177.0.0.1:${port}/hook`, "127.0.0.1 is not a public address (loopback)"],
    ["IPv4-mapped IPv6", () => `http://[::ffff:127.0.0.1]:${port}/hook`, "(loopback, as IPv4-mapped IPv6)"],
    ["a private network", () => "http://10.0.0.1/hook", "10.0.0.1 is not a public address (private)"],
    ["cloud metadata", () => "http://169.254.169.254/latest/meta-data/", "(cloud metadata)"],
    ["a name resolving to loopback", () => `http://${REBINDING_NAME}:${port}/hook`, "resolves to 127.0.0.1"],
  ])("refuses a webhook on %s with 422 naming webhook_url, writing nothing", async (_, url, message) => {
    rebindingAnswer = "127.0.0.1";
    const before = await channelCount();
    const response = await openChannel(url());
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().details).toEqual([{ field: "webhook_url", message: expect.stringContaining(message) }]);
    expect(response.json().details[0].message).toContain("must reach a public address");
    expect(await channelCount()).toBe(before);
    expect(hits).toEqual([]);
  });

  it("refuses to deliver to a name that was public when saved and points at loopback now", async () => {
    rebindingAnswer = "93.184.216.34";
    const opened = await openChannel(`http://${REBINDING_NAME}:${port}/hook`);
    expect(opened.statusCode, opened.body).toBe(201);
    rebindingAnswer = "127.0.0.1";

    const sent = await t.app.inject({
      method: "POST",
      url: "/api/v1/messages",
      headers: { authorization: `Bearer ${opened.json().token}` },
      payload: {
        message_id: "m-1",
        customer: { external_id: "c-1", name: "Victim" },
        source: "website chat",
        content: "hello",
      },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    await t.app.jobs.idle();
    const [job] = await rows(t.db, sql`select state, attempts, last_error from jobs where kind = 'webhook_delivery'`);
    // Refused for good: the same address would be refused on every retry.
    expect(job).toEqual({
      state: "failed",
      attempts: 1,
      last_error: `The webhook was not called: ${REBINDING_NAME} resolves to 127.0.0.1, which is not a public address (loopback)`,
    });
    expect(hits).toEqual([]);
  });
});
