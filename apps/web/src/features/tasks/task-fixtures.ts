import {
  type AssistantThread,
  type AssistantThreadSummary,
  type Message,
  type Task,
  type ThreadMessage,
  threadSummaryOf,
} from "@foreman/contract";

// Test data for the task screens (component tests only): complete, contract-shaped objects with
// overridable fields.

const HOUR = 3_600_000;
export const CONVERSATION_ID = "c0000000-0000-4000-8000-000000000001";

export function makeMessage(overrides: Partial<Message> = {}): Message {
  return {
    id: "m1",
    conversationId: CONVERSATION_ID,
    senderType: "customer",
    senderName: "Laura Gómez",
    avatarUrl: null,
    content: "Can you do better on the price?",
    attachments: [],
    createdAt: new Date(Date.now() - 2 * HOUR).toISOString(),
    ...overrides,
  };
}

export function makeTask(overrides: Partial<Task> = {}): Task {
  const now = Date.now();
  return {
    id: "t0000000-0000-4000-8000-000000000001",
    type: "Tasks::HumanResponse",
    actionType: "question",
    title: "Can we deliver to Valparaíso by Friday?",
    question: "Laura asks whether we can deliver 40 pallets to Valparaíso by Friday. Can we?",
    state: "to_do",
    dueAt: new Date(now + 5 * HOUR).toISOString(),
    answer: null,
    decision: null,
    resolvedAt: null,
    resolvedBy: null,
    assignable: { type: "Conversation", id: CONVERSATION_ID },
    aiEmployeeId: "ai-1",
    aiEmployee: { id: "ai-1", name: "Sofía" },
    tags: ["delivery"],
    updatedAt: new Date(now - HOUR).toISOString(),
    createdAt: new Date(now - HOUR).toISOString(),
    conversation: {
      id: CONVERSATION_ID,
      displayId: 345,
      inboxId: 2,
      accountId: 12,
      channel: "whatsapp",
      customerName: "Laura Gómez",
      messages: [makeMessage()],
    },
    quote: null,
    ...overrides,
  };
}

export function makeAuthorization(overrides: Partial<Task> = {}): Task {
  return makeTask({
    id: "t0000000-0000-4000-8000-000000000002",
    actionType: "authorize",
    title: "15% discount on Quote #1042",
    question: "Laura asks for 15% off Quote #1042 ($12,400). I may give up to 5%. Authorize 15%?",
    assignable: { type: "Quote", id: "q-1042" },
    quote: { id: "q-1042", number: 1042, state: "sent", totalCents: 1_240_000, currency: "USD" },
    ...overrides,
  });
}

export function makeThreadMessage(overrides: Partial<ThreadMessage> = {}): ThreadMessage {
  return {
    id: "tm1",
    taskId: makeTask().id,
    authorType: "ai",
    authorName: "Sofía",
    content: "Laura asks whether we can deliver 40 pallets to Valparaíso by Friday. Can we?",
    createdAt: new Date(Date.now() - HOUR).toISOString(),
    ...overrides,
  };
}

export function makeThread(task: Task = makeTask(), overrides: Partial<AssistantThread> = {}): AssistantThread {
  return {
    task,
    taskCount: task.state === "to_do" ? 1 : 0,
    customer: {
      id: "cust-1",
      fullName: "Laura Gómez",
      organization: "Andes Logística",
      email: "laura@andes.example",
      phone: "+56 9 1234 5678",
    },
    threadMessages: [makeThreadMessage({ taskId: task.id })],
    ...overrides,
  };
}

export function makeThreadSummary(task: Task = makeTask()): AssistantThreadSummary {
  return threadSummaryOf(task, {
    taskCount: 1,
    customer: { id: "cust-1", fullName: "Laura Gómez", organization: "Andes Logística" },
    lastThreadMessage: null,
  });
}
