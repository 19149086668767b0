import { describe, expect, it } from "vitest";
import { isApiPath, isJsonApiPath } from "./api-paths.ts";

describe("API paths", () => {
  it("knows the API by its prefixes, with or without a query string or trailing slash", () => {
    expect(isApiPath("/app/me.json")).toBe(true);
    expect(isApiPath("/app/me.json?x=1")).toBe(true);
    expect(isApiPath("/app")).toBe(true);
    expect(isApiPath("/healthz")).toBe(true);
    expect(isApiPath("/users/sign_in")).toBe(true);
    expect(isApiPath("/files/abc/report.pdf")).toBe(true);
    expect(isApiPath("/api/docs")).toBe(true);
  });

  it("leaves the SPA's pages and built files alone, even when a query string names an API path", () => {
    expect(isApiPath("/dashboard")).toBe(false);
    expect(isApiPath("/assets/index.js")).toBe(false);
    expect(isApiPath("/sign_in?next=/app/me.json")).toBe(false);
    expect(isApiPath("/application")).toBe(false);
  });

  it("tells data answers from documents (the HTML API docs, attachments)", () => {
    expect(isJsonApiPath("/app/tasks.json")).toBe(true);
    expect(isJsonApiPath("/readyz")).toBe(true);
    expect(isJsonApiPath("/api/docs")).toBe(false);
    expect(isJsonApiPath("/files/abc/report.pdf")).toBe(false);
  });
});
