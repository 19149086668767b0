import { describe, expect, it } from "vitest";
import { normalizeActionItem, normalizeActionItems } from "./normalize-action-items.ts";
import { taskSchema } from "./schemas.ts";

const wellFormed = {
  id: "t1",
  type: "Tasks::HumanResponse",
  actionType: "authorize",
  title: "15% discount on Q-1234",
  question: "Customer asks for a 15% discount on Q-1234; my limit is 10%.",
  state: "to_do",
  dueAt: "2026-11-22T10:00:00.000Z",
  answer: null,
  decision: null,
  outcome: null,
  outcomeReason: null,
  resolvedAt: null,
  resolvedBy: null,
  assignable: { type: "Quote", id: "q1" },
  aiEmployeeId: "e1",
  aiEmployee: { id: "e1", name: "Nora Quinn" },
  tags: ["discount"],
  updatedAt: "2026-11-21T09:00:00.000Z",
  createdAt: "2026-11-21T08:00:00.000Z",
  conversation: {
    id: "c1",
    displayId: 17,
    inboxId: 1,
    accountId: 3,
    channel: "whatsapp",
    customerName: "Ana Soto",
    messages: [
      {
        id: "m1",
        conversationId: "c1",
        senderType: "customer",
        senderName: "Ana Soto",
        avatarUrl: null,
        content: "Can you do 15%?",
        attachments: [],
        createdAt: "2026-11-21T07:59:00.000Z",
      },
    ],
  },
  quote: { id: "q1", number: 1234, state: "sent", totalCents: 120000, currency: "USD" },
};

describe("normalizeActionItems", () => {
  it("reads a well-formed list as it is", () => {
    const tasks = normalizeActionItems([wellFormed]);
    expect(tasks).toEqual([wellFormed]);
    expect(taskSchema.safeParse(tasks[0]).success).toBe(true);
  });

  it("reads the list from an object that holds it", () => {
    for (const key of ["tasks", "actionItems", "action_items", "data"]) {
      expect(normalizeActionItems({ [key]: [wellFormed] })).toHaveLength(1);
    }
  });

  it("turns an unconvertible list into an empty one", () => {
    for (const raw of [null, undefined, "tasks", 42, true, {}, { tasks: "nope" }, { tasks: { id: "t1" } }]) {
      expect(normalizeActionItems(raw)).toEqual([]);
    }
  });

  it("drops items that cannot be acted on and keeps the rest in order", () => {
    const { id: _id, ...withoutId } = wellFormed;
    const { dueAt: _dueAt, ...withoutDue } = wellFormed;
    const { conversation: _conversation, ...withoutConversation } = wellFormed;
    const tasks = normalizeActionItems([
      { ...wellFormed, id: "keep-1" },
      null,
      "t2",
      [wellFormed],
      withoutId,
      withoutDue,
      { ...wellFormed, dueAt: "whenever" },
      withoutConversation,
      { ...wellFormed, conversation: { id: "" } },
      { ...wellFormed, id: "keep-2" },
    ]);
    expect(tasks.map((t) => t.id)).toEqual(["keep-1", "keep-2"]);
  });

  it("fills in a sparse snake_case item from the spec's raw shape", () => {
    const task = normalizeActionItem({
      id: 9,
      type: "question",
      due_at: "2026-11-22T10:00:00Z",
      conversation_id: "c2",
      description: "Can we deliver to Valparaíso on Saturday?\nThe customer needs it for an event.",
      ai_employee: { id: "e2", first_name: "Lucía", last_name: "Fernández" },
      conversation: { messages: [{ sender_type: "user", content: "¿Entregan el sábado?", created_at: 1_795_000_000 }] },
    });
    expect(task).toMatchObject({
      id: "9",
      type: "Tasks::HumanResponse",
      actionType: "question",
      title: "Can we deliver to Valparaíso on Saturday?",
      question: "Can we deliver to Valparaíso on Saturday?\nThe customer needs it for an event.",
      state: "to_do",
      dueAt: "2026-11-22T10:00:00.000Z",
      createdAt: "2026-11-22T10:00:00.000Z",
      updatedAt: "2026-11-22T10:00:00.000Z",
      answer: null,
      decision: null,
      assignable: { type: "Conversation", id: "c2" },
      aiEmployee: { id: "e2", name: "Lucía Fernández" },
      aiEmployeeId: "e2",
      tags: [],
      quote: null,
      conversation: {
        id: "c2",
        displayId: 0,
        inboxId: 0,
        accountId: 0,
        channel: "email",
        customerName: null,
        messages: [
          { conversationId: "c2", senderType: "customer", senderName: "Customer", content: "¿Entregan el sábado?" },
        ],
      },
    });
    expect(
      taskSchema.safeParse({ ...task, conversation: { ...task!.conversation, displayId: 1, accountId: 1 } }).success,
    ).toBe(true);
  });

  it("treats an unknown action type as a question, and keeps a decision for authorize items only", () => {
    expect(normalizeActionItem({ ...wellFormed, actionType: "approve", type: "x" })?.actionType).toBe("question");
    expect(normalizeActionItem({ ...wellFormed, actionType: undefined, type: "AUTHORIZE" })?.actionType).toBe(
      "authorize",
    );
    expect(normalizeActionItem({ ...wellFormed, decision: "authorized" })?.decision).toBe("authorized");
    expect(normalizeActionItem({ ...wellFormed, decision: "maybe" })?.decision).toBeNull();
    const changed = { ...wellFormed, outcome: "changed_since_raised", outcome_reason: "Q-1 changed" };
    expect(normalizeActionItem(changed)).toMatchObject({
      outcome: "changed_since_raised",
      outcomeReason: "Q-1 changed",
    });
    expect(normalizeActionItem({ ...wellFormed, outcome: "maybe" })?.outcome).toBeNull();
    expect(normalizeActionItem({ ...wellFormed, actionType: "question", decision: "authorized" })?.decision).toBeNull();
  });

  it("reads known states and treats anything else as to do", () => {
    expect(normalizeActionItem({ ...wellFormed, state: "done" })?.state).toBe("done");
    expect(normalizeActionItem({ ...wellFormed, state: "Resolved" })?.state).toBe("done");
    expect(normalizeActionItem({ ...wellFormed, state: "to-do" })?.state).toBe("to_do");
    expect(normalizeActionItem({ ...wellFormed, state: 3 })?.state).toBe("to_do");
  });

  it("reads odd conversations, quotes, tags and people leniently", () => {
    const task = normalizeActionItem({
      ...wellFormed,
      tags: "discount, vip ,, discount",
      resolved_by: { id: "u1", name: "  " },
      aiEmployee: "Nora",
      quote: { id: "q1", number: "1234", state: "sent" },
      assignable: { type: "Order", id: "o1" },
      conversation: {
        id: 55,
        display_id: "17",
        inbox_id: -1,
        account_id: 3,
        channel: "WhatsApp Business",
        customer_name: 7,
        messages: "none",
      },
    });
    expect(task).toMatchObject({
      tags: ["discount", "vip"],
      resolvedBy: null,
      aiEmployee: null,
      aiEmployeeId: "e1",
      quote: null,
      assignable: { type: "Conversation", id: "55" },
      conversation: {
        id: "55",
        displayId: 17,
        inboxId: 0,
        accountId: 3,
        channel: "whatsapp",
        customerName: "7",
        messages: [],
      },
    });
    expect(
      normalizeActionItem({ ...wellFormed, quote: { ...wellFormed.quote, currency: "xx" } })?.quote?.currency,
    ).toBe("USD");
  });

  it("drops malformed messages of the conversation but keeps the task", () => {
    const task = normalizeActionItem({
      ...wellFormed,
      conversation: { ...wellFormed.conversation, messages: [null, { content: "" }, { text: "ok", sender: "bot" }] },
    });
    expect(task?.conversation.messages).toEqual([
      expect.objectContaining({ content: "ok", senderType: "ai", conversationId: "c1", createdAt: null }),
    ]);
  });

  it("shortens a long first line into the title", () => {
    const question = `${"word ".repeat(30)}end`;
    const task = normalizeActionItem({ ...wellFormed, title: undefined, question });
    expect(task?.title.length).toBeLessThanOrEqual(80);
    expect(task?.title.endsWith("…")).toBe(true);
    expect(normalizeActionItem({ ...wellFormed, title: undefined, question: undefined })?.title).toBe("Action item");
  });
});
