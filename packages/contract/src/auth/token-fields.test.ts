import { describe, expect, it } from "vitest";
import { TOKEN_HEADER_NAMES } from "../http/headers.ts";
import { sessionFromTokenHeaders } from "./session.ts";
import { type TokenFields, tokenResponseHeaders } from "./token-fields.ts";

const token: TokenFields = {
  accessToken: "acc",
  tokenType: "Bearer",
  expiresIn: 7200,
  refreshToken: "ref",
  scope: "",
  createdAt: 1700000000,
};

describe("tokenResponseHeaders", () => {
  it("names every token header, as strings", () => {
    const headers = tokenResponseHeaders(token);
    expect(Object.keys(headers).sort()).toEqual([...TOKEN_HEADER_NAMES].sort());
    expect(headers).toMatchObject({
      "access-token": "acc",
      "expires-in": "7200",
      "created-at": "1700000000",
      scope: "",
    });
  });

  it("round-trips through sessionFromTokenHeaders", () => {
    expect(sessionFromTokenHeaders(tokenResponseHeaders(token))).toEqual(token);
  });
});
