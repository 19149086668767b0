import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#server/test/app.ts";

// What the real request logger writes, captured from the app's own pino output.
describe("request log", () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: "info", RATE_LIMIT_MAX: "1000" },
      logStream: { write: (line: string) => void lines.push(line) },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  /** The one "request completed" line logged for the request sent, parsed. */
  const logged = async (url: string, method: "GET" | "POST" = "GET") => {
    const before = lines.length;
    await t.app.inject({ method, url, payload: method === "POST" ? { password: "hunter2-password" } : undefined });
    const completed = lines.slice(before).filter((line) => line.includes("request completed"));
    expect(completed).toHaveLength(1);
    return { raw: completed[0]!, line: JSON.parse(completed[0]!) as { url: string } };
  };

  it("logs one line per request with the URL", async () => {
    const { line } = await logged("/app/me.json?page=2&per_page=10");
    expect(line).toMatchObject({ method: "GET", url: "/app/me.json?page=2&per_page=10", statusCode: 401 });
  });

  it("keeps WhatsApp's verify token and challenge out of the log", async () => {
    const { raw, line } = await logged(
      "/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=verify-SECRET-1&hub.challenge=challenge-SECRET-2",
    );
    expect(raw).not.toContain("SECRET");
    expect(line.url).toBe("/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=[redacted]&hub.challenge=[redacted]");
  });

  it("keeps an attachment's access key out of the log", async () => {
    const { raw, line } = await logged("/files/0b4c7a53-3b6f-4a55-9d41-3f0f1f7c2d10/accessKEYsecret42/report.pdf");
    expect(raw).not.toContain("accessKEYsecret42");
    expect(line.url).toBe("/files/0b4c7a53-3b6f-4a55-9d41-3f0f1f7c2d10/[redacted]/report.pdf");
  });

  it("keeps tokens, codes and keys in any query string out of the log, and the rest in", async () => {
    const { raw, line } = await logged(
      "/app/me.json?access_token=SECRET-a&refresh_token=SECRET-r&token=SECRET-t&code=SECRET-c&key=SECRET-k&access_key=SECRET-ak&client_secret=SECRET-cs&password=SECRET-p&page=3",
    );
    expect(raw).not.toContain("SECRET");
    expect(line.url).toContain("page=3");
    expect(line.url).toContain("access_token=[redacted]");
  });

  it("recognises a secret parameter however its name is escaped, and a repeated one", async () => {
    const { raw } = await logged(
      "/%61pp/me.json?%61ccess_token=SECRET-1&token=SECRET-2&token=SECRET-3&hub%2Everify_token=SECRET-4",
    );
    expect(raw).not.toContain("SECRET");
  });

  it("never logs a request body", async () => {
    const { raw } = await logged("/oauth/token.json", "POST");
    expect(raw).not.toContain("hunter2");
  });
});
