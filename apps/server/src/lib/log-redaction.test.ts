import { describe, expect, it } from "vitest";
import { censorSecrets, LOG_CENSOR } from "./log-redaction.ts";

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
