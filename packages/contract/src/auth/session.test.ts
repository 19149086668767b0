import { describe, expect, it } from "vitest";
import {
  isSessionExpired,
  isSessionValid,
  type Session,
  sessionFromTokenBody,
  sessionFromTokenHeaders,
} from "./session.ts";

const session: Session = {
  accessToken: "a",
  tokenType: "Bearer",
  expiresIn: 7200,
  refreshToken: "r",
  scope: "",
  createdAt: 1000,
};

describe("session expiry", () => {
  it("is expired at or past createdAt + expiresIn", () => {
    expect(isSessionExpired(session, 8199)).toBe(false);
    expect(isSessionExpired(session, 8200)).toBe(true);
    expect(isSessionExpired(session, 9000)).toBe(true);
  });

  it("is valid with an access token and either a refresh token or not yet expired", () => {
    expect(isSessionValid(session, 99999)).toBe(true);
    expect(isSessionValid({ ...session, refreshToken: undefined }, 5000)).toBe(true);
    expect(isSessionValid({ ...session, refreshToken: undefined }, 8200)).toBe(false);
    expect(isSessionValid({ ...session, accessToken: "" }, 5000)).toBe(false);
    expect(isSessionValid(null)).toBe(false);
  });
});

describe("sessionFromTokenHeaders", () => {
  const headers = {
    "access-token": "tok",
    "token-type": "Bearer",
    "expires-in": "7200",
    "refresh-token": "ref",
    scope: "",
    "created-at": "1700000000",
  };

  it("reads the hyphenated headers from a plain object or a Headers instance", () => {
    const expected = {
      accessToken: "tok",
      tokenType: "Bearer",
      expiresIn: 7200,
      refreshToken: "ref",
      scope: "",
      createdAt: 1700000000,
    };
    expect(sessionFromTokenHeaders(headers)).toEqual(expected);
    expect(sessionFromTokenHeaders(new Headers(headers))).toEqual(expected);
  });

  it.each(["access-token", "token-type", "expires-in", "refresh-token", "created-at"])(
    "is refused when %s is missing",
    (name) => {
      const partial: Record<string, string> = { ...headers };
      delete partial[name];
      expect(sessionFromTokenHeaders(partial)).toBeNull();
    },
  );
});

describe("sessionFromTokenBody", () => {
  it("requires the refresh token", () => {
    expect(sessionFromTokenBody({ accessToken: "a", tokenType: "Bearer", expiresIn: 1, createdAt: 1 })).toBeNull();
    expect(sessionFromTokenBody({ ...session })).toEqual(session);
  });
});
