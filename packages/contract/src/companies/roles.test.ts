import { describe, expect, it } from "vitest";
import { canApprove, canManage } from "./roles.ts";

describe("canManage and canApprove", () => {
  it("lets owners and admins manage and approve, members neither by default", () => {
    expect(canManage("owner")).toBe(true);
    expect(canManage("admin")).toBe(true);
    expect(canManage("member")).toBe(false);
    expect(canApprove("owner", false)).toBe(true);
    expect(canApprove("admin", false)).toBe(true);
    expect(canApprove("member", false)).toBe(false);
  });

  it("lets members approve only when the company allows it; nobody unknown ever", () => {
    expect(canApprove("member", true)).toBe(true);
    expect(canApprove(null, true)).toBe(false);
    expect(canApprove(undefined, true)).toBe(false);
  });
});
