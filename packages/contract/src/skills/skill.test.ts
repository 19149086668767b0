import { describe, expect, it } from "vitest";
import { ALWAYS_GRANTED_TOOLS, GRANTABLE_TOOLS, skillInputSchema, skillPatchSchema, toolsOfSkills } from "./skill.ts";

describe("toolsOfSkills", () => {
  it("gives an employee without skills only the tools every employee keeps", () => {
    expect(toolsOfSkills([])).toEqual(["ask_human"]);
  });

  it("unions its skills' grants in the runtime's order, once each, ignoring names that are not tools", () => {
    const tools = toolsOfSkills([
      { tools: ["hand_off", "find_orders"] },
      { tools: ["find_products", "find_orders", "send_email"] },
    ]);
    expect(tools).toEqual(["find_products", "find_orders", "ask_human", "hand_off"]);
  });
});

describe("skill schemas", () => {
  it("cannot grant the tools every employee keeps, and lists tools in one order without repeats", () => {
    expect(GRANTABLE_TOOLS).not.toContain(ALWAYS_GRANTED_TOOLS[0]);
    const parsed = skillInputSchema.parse({ name: " Quoting ", tools: ["send_quote", "upsert_quote", "send_quote"] });
    expect(parsed).toEqual({
      name: "Quoting",
      description: "",
      tools: ["upsert_quote", "send_quote"],
      aiEmployeeIds: [],
    });
    const refused = skillInputSchema.safeParse({ name: "x", tools: ["ask_human"] });
    expect(refused.error?.issues[0]?.message).toMatch(/^Must be one of find_products, /);
  });

  it("names what is wrong: a blank or long name, and an empty patch", () => {
    expect(skillInputSchema.safeParse({ name: "  " }).error?.issues[0]?.message).toBe("Name is required");
    expect(skillInputSchema.safeParse({ name: "x".repeat(81) }).error?.issues[0]?.message).toBe(
      "Name must be at most 80 characters",
    );
    expect(skillPatchSchema.safeParse({}).error?.issues[0]?.message).toBe("Nothing to change");
    expect(skillPatchSchema.safeParse({ aiEmployeeIds: ["nope"] }).error?.issues[0]?.message).toBe(
      "Must be an AI employee's id",
    );
  });
});
