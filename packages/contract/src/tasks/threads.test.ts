import { describe, expect, it } from "vitest";
import { assistantThreadSummarySchema, type Task } from "./schemas.ts";
import { humanResponseThreads, threadSummaryOf } from "./threads.ts";

describe("humanResponseThreads", () => {
  it("keeps Tasks::HumanResponse only, newest update first", () => {
    const tasks = [
      { id: "a", type: "Tasks::HumanResponse", updatedAt: "2026-11-20T10:00:00Z" },
      { id: "b", type: "Tasks::Other", updatedAt: "2026-11-21T10:00:00Z" },
      { id: "c", type: "Tasks::HumanResponse", updatedAt: "2026-11-21T09:00:00Z" },
      { id: "d", type: "Tasks::HumanResponse", updatedAt: null },
      { id: "e", type: "Tasks::HumanResponse", updatedAt: "2026-11-21T09:00:00Z" },
      { id: "f", type: "Tasks::HumanResponse", updatedAt: "garbage" },
    ];
    expect(humanResponseThreads(tasks).map((t) => t.id)).toEqual(["e", "c", "a", "f", "d"]);
    // The input is left as it was.
    expect(tasks.map((t) => t.id)).toEqual(["a", "b", "c", "d", "e", "f"]);
  });
});

describe("threadSummaryOf", () => {
  const at = "2026-11-21T10:00:00Z";
  const task: Task = {
    id: "t1",
    type: "Tasks::HumanResponse",
    actionType: "question",
    title: "Deliver on Saturday?",
    question: "Can we deliver on Saturday?",
    state: "to_do",
    dueAt: at,
    answer: null,
    decision: null,
    outcome: null,
    outcomeReason: null,
    resolvedAt: null,
    resolvedBy: null,
    assignable: { type: "Conversation", id: "c1" },
    aiEmployeeId: "e1",
    aiEmployee: { id: "e1", name: "Mateo Rojas" },
    tags: ["delivery"],
    updatedAt: at,
    createdAt: at,
    conversation: {
      id: "c1",
      displayId: 4,
      inboxId: 1,
      accountId: 7,
      channel: "email",
      customerName: "Laura Gómez",
      messages: [],
    },
    quote: null,
  };

  it("keeps the list's fields, drops the conversation's messages and the answer, and adds the list's extras", () => {
    const summary = threadSummaryOf(task, { taskCount: 2, customer: null, lastThreadMessage: null });
    expect(assistantThreadSummarySchema.safeParse(summary).success).toBe(true);
    expect(summary.conversation).not.toHaveProperty("messages");
    expect(summary).not.toHaveProperty("question");
    expect(summary).toMatchObject({ id: "t1", title: "Deliver on Saturday?", taskCount: 2, tags: ["delivery"] });
  });
});
