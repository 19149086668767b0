import type { Session } from "@foreman/contract";
import { describe, expect, it } from "vitest";
import { deleteSession, readSession, writeSession } from "./session-cookie.ts";

const session: Session = {
  accessToken: "access-1",
  tokenType: "Bearer",
  expiresIn: 7200,
  refreshToken: "refresh-1",
  scope: "",
  createdAt: 1_700_000_000,
};

describe("session cookie", () => {
  it("round-trips the session through the `session` cookie", () => {
    expect(readSession()).toBeNull();
    writeSession(session);
    expect(document.cookie).toContain("session=");
    expect(readSession()).toEqual(session);
  });

  it("is gone after delete", () => {
    writeSession(session);
    deleteSession();
    expect(readSession()).toBeNull();
    expect(document.cookie).not.toContain("session=");
  });

  it("treats an unparseable cookie as no session", () => {
    // biome-ignore lint/suspicious/noDocumentCookie: planting a broken cookie on purpose
    document.cookie = "session=not-json; Path=/";
    expect(readSession()).toBeNull();
    // biome-ignore lint/suspicious/noDocumentCookie: planting a cookie that is not a session
    document.cookie = `session=${encodeURIComponent(JSON.stringify({ accessToken: "" }))}; Path=/`;
    expect(readSession()).toBeNull();
  });

  it("ignores other cookies with similar names", () => {
    // biome-ignore lint/suspicious/noDocumentCookie: a look-alike cookie next to the real one
    document.cookie = "my_session=x; Path=/";
    expect(readSession()).toBeNull();
    writeSession(session);
    expect(readSession()?.accessToken).toBe("access-1");
  });
});
