import { describe, expect, it } from "vitest";
import { censorSecrets, LOG_CENSOR, redactUrl } from "./log-redaction.ts";

describe("censorSecrets", () => {
  it("censors secret-named fields at the top and a few levels down, in both cases", () => {
    const logged = {
      token: "t",
      body: { username: "ana", password: "p", passwordConfirmation: "p" },
      tokens: { grant: { access_token: "a", refreshToken: "r" } },
    };
    expect(censorSecrets(logged)).toEqual({
      token: LOG_CENSOR,
      body: { username: "ana", password: LOG_CENSOR, passwordConfirmation: LOG_CENSOR },
      tokens: { grant: { access_token: LOG_CENSOR, refreshToken: LOG_CENSOR } },
    });
    // The caller's object is not changed.
    expect(logged.body.password).toBe("p");
  });

  it("returns a line without secrets as it is, without copying", () => {
    const line = { method: "GET", url: "/app/me.json", statusCode: 200, nested: { id: 1 } };
    expect(censorSecrets(line)).toBe(line);
  });

  it("leaves errors and other class instances to their serializers", () => {
    const err = Object.assign(new Error("boom"), { password: "p" });
    expect(censorSecrets({ err }).err).toBe(err);
  });
});

describe("redactUrl", () => {
  it("censors secret query parameters and keeps the rest as sent", () => {
    expect(
      redactUrl("/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=s3&hub.challenge=42", "/webhooks/whatsapp"),
    ).toBe(`/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${LOG_CENSOR}&hub.challenge=${LOG_CENSOR}`);
    expect(redactUrl("/x?page=2&code=abc&q%5Btoken%5D=t&flag", undefined)).toBe(
      `/x?page=2&code=${LOG_CENSOR}&q%5Btoken%5D=${LOG_CENSOR}&flag`,
    );
    expect(redactUrl("/x?%ZZ=1&ACCESS_TOKEN=2", undefined)).toBe(`/x?%ZZ=1&ACCESS_TOKEN=${LOG_CENSOR}`);
  });

  it("censors the matched route's secret path parameters", () => {
    expect(redactUrl("/files/abc/k3y/a.pdf?download=1", "/files/:id/:accessKey/:fileName")).toBe(
      `/files/abc/${LOG_CENSOR}/a.pdf?download=1`,
    );
    expect(redactUrl("/app/quotes/7.json", "/app/quotes/:id.json")).toBe("/app/quotes/7.json");
  });

  it("returns a URL with nothing secret unchanged", () => {
    expect(redactUrl("/app/me.json", "/app/me.json")).toBe("/app/me.json");
  });
});
