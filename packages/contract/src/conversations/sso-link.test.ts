import { describe, expect, it } from "vitest";
import { chatwootSsoLink, ownSsoLink } from "./sso-link.ts";

describe("ownSsoLink", () => {
  it("is the embeddable conversation view, or the list without an id", () => {
    expect(ownSsoLink("c8a1b9e2-0000-4000-8000-000000000001")).toBe(
      "/conversations/c8a1b9e2-0000-4000-8000-000000000001?embed=1",
    );
    expect(ownSsoLink()).toBe("/conversations?embed=1");
    expect(ownSsoLink(null)).toBe("/conversations?embed=1");
  });
});

describe("chatwootSsoLink", () => {
  const login = "https://chat.example.com/app/login?email=ana%40example.com&sso_auth_token=abc";

  it("adds the account and conversation Chatwoot's login page opens", () => {
    const link = new URL(chatwootSsoLink(login, { accountId: 7, displayId: 42 })!);
    expect(link.pathname).toBe("/app/login");
    expect(Object.fromEntries(link.searchParams)).toEqual({
      email: "ana@example.com",
      sso_auth_token: "abc",
      sso_account_id: "7",
      sso_conversation_id: "42",
    });
  });

  it("keeps the login URL as it is without a conversation", () => {
    expect(chatwootSsoLink(login)).toBe(login);
  });

  it("refuses what is not an http(s) URL", () => {
    expect(chatwootSsoLink("javascript:alert(1)")).toBeNull();
    expect(chatwootSsoLink("/app/login")).toBeNull();
    expect(chatwootSsoLink("")).toBeNull();
  });
});
