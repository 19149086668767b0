import { describe, expect, it } from "vitest";
import { AI_LEAD_STAGES, toolArgumentSchemas } from "./tools.ts";

describe("update_lead_stage's arguments", () => {
  it("take the stages an AI employee may set, never won or new", () => {
    for (const stage of AI_LEAD_STAGES)
      expect(toolArgumentSchemas.update_lead_stage.safeParse({ stage }).success).toBe(true);
    for (const stage of ["won", "new", "closed"]) {
      const parsed = toolArgumentSchemas.update_lead_stage.safeParse({ stage });
      expect(parsed.success).toBe(false);
      expect(parsed.error!.issues[0]!.message).toBe(
        "stage must be one of qualified, quoted, following_up, lost: a lead is won when its order is confirmed",
      );
    }
  });
});

describe("the ticket tools' arguments", () => {
  it("open a ticket with a subject and the customer's words; type, priority and order are optional", () => {
    const parsed = toolArgumentSchemas.create_ticket.parse({
      subject: "  Order 1042 arrived damaged ",
      description: "The box came crushed",
      order_number: 1042,
    });
    expect(parsed).toEqual({
      subject: "Order 1042 arrived damaged",
      description: "The box came crushed",
      order_number: 1042,
    });
    const refused = toolArgumentSchemas.create_ticket.safeParse({
      subject: "Hi",
      description: " ",
      type: "bug",
      priority: "urgent",
    });
    expect(refused.error!.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["subject", expect.stringContaining("3")],
      ["description", expect.stringContaining("1")],
      ["type", "Must be one of incident, problem, question, suggestion"],
      ["priority", "Must be one of low, medium, high"],
    ]);
  });

  it("look tickets up by status and order only", () => {
    expect(toolArgumentSchemas.find_tickets.parse({})).toEqual({});
    expect(toolArgumentSchemas.find_tickets.parse({ status: "closed", order_number: 7 })).toEqual({
      status: "closed",
      order_number: 7,
    });
    expect(toolArgumentSchemas.find_tickets.safeParse({ status: "pending" }).error!.issues[0]!.message).toBe(
      "Must be one of all, open, closed",
    );
  });

  it("update a ticket named as the customer or find_tickets says it, and only when something changes", () => {
    expect(toolArgumentSchemas.update_ticket.parse({ number: "T-1042", comment: "Still broken" })).toEqual({
      number: "T-1042",
      comment: "Still broken",
    });
    expect(toolArgumentSchemas.update_ticket.parse({ number: 1042, close: true })).toEqual({
      number: 1042,
      close: true,
    });
    for (const args of [{ number: "T-1042" }, { number: "T-1042", close: false }])
      expect(toolArgumentSchemas.update_ticket.safeParse(args).error!.issues[0]!.message).toBe(
        "Say what to change: a comment, a priority or close",
      );
  });
});
