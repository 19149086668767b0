import { describe, expect, it } from "vitest";
import { makeTask, makeThread } from "./task-fixtures.ts";
import { conversationIdsIn, staleScope } from "./use-live-task-refresh.ts";

describe("staleScope", () => {
  it("refreshes everything when a task is created or updated", () => {
    expect(staleScope({ type: "task.created", taskId: "t", state: "to_do" })).toBe("all");
    expect(staleScope({ type: "task.updated", taskId: "t", state: "done" })).toBe("all");
  });

  it("refreshes one conversation's queries on a new message, nothing on other events", () => {
    const message = makeTask().conversation.messages[0]!;
    expect(staleScope({ type: "message.created", conversationId: "c9", message })).toEqual({ conversationId: "c9" });
    expect(staleScope({ type: "conversation.updated", conversationId: "c9" })).toBeNull();
  });
});

describe("conversationIdsIn", () => {
  const one = makeTask({ id: "1", conversation: { ...makeTask().conversation, id: "conv-1" } });
  const two = makeTask({ id: "2", conversation: { ...makeTask().conversation, id: "conv-2" } });

  it("reads a page of tasks, loaded pages and a thread", () => {
    expect([...conversationIdsIn({ tasks: [one, two] })]).toEqual(["conv-1", "conv-2"]);
    expect([...conversationIdsIn({ pages: [{ tasks: [one] }, { tasks: [two] }], pageParams: [1, 2] })]).toEqual([
      "conv-1",
      "conv-2",
    ]);
    expect([...conversationIdsIn(makeThread(one))]).toEqual(["conv-1"]);
  });

  it("finds nothing in anything else", () => {
    expect(conversationIdsIn(undefined).size).toBe(0);
    expect(conversationIdsIn([one]).size).toBe(0);
    expect(conversationIdsIn({ tasks: [{ conversation: null }] }).size).toBe(0);
  });
});
