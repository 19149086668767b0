import {
  currencyOrDefault,
  DEFAULT_SENDER_NAMES,
  type MessageAttachment,
  type Task,
  type TaskMessage,
  type ThreadMessage,
} from "@foreman/contract";
import type { TaskMessageRow, TaskRecord, ThreadMessageRecord } from "./tasks.repository.ts";

// Rows → the API's shapes (contract `Task`, `ThreadMessage`).

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

export function toTaskMessage(row: TaskMessageRow, files: MessageAttachment[] | undefined): TaskMessage {
  return {
    id: row.id,
    senderType: row.senderType,
    senderName: row.senderName,
    avatarUrl: row.avatarUrl,
    content: row.content,
    attachments: files ?? [],
    createdAt: row.createdAt.toISOString(),
  };
}

export function toTask(record: TaskRecord, messages: TaskMessage[]): Task {
  const { task, conversation, customer, quote, aiEmployee, resolver } = record;
  return {
    id: task.id,
    type: task.type,
    actionType: task.actionType,
    title: task.title,
    question: task.question,
    state: task.state,
    dueAt: task.dueAt.toISOString(),
    answer: task.answer,
    decision: task.decision,
    outcome: task.outcome,
    outcomeReason: task.outcomeReason,
    resolvedAt: task.resolvedAt?.toISOString() ?? null,
    resolvedBy: resolver ? { id: resolver.id, name: fullName(resolver) } : null,
    assignable: { type: task.assignableType, id: task.assignableId },
    aiEmployeeId: task.aiEmployeeId,
    aiEmployee,
    tags: task.tags,
    updatedAt: task.updatedAt.toISOString(),
    createdAt: task.createdAt.toISOString(),
    conversation: {
      id: conversation.id,
      displayId: conversation.displayId,
      inboxId: conversation.inboxId,
      accountId: record.accountId,
      channel: conversation.channel,
      customerName: customer?.fullName ?? null,
      messages,
    },
    quote: quote
      ? {
          id: quote.id,
          number: quote.number,
          state: quote.state,
          totalCents: quote.totalCents,
          currency: currencyOrDefault(quote.currency),
        }
      : null,
  };
}

export function toThreadMessage(row: ThreadMessageRecord): ThreadMessage {
  const authorName =
    row.authorType === "ai"
      ? (row.aiEmployeeName ?? DEFAULT_SENDER_NAMES.ai)
      : row.author
        ? fullName(row.author)
        : DEFAULT_SENDER_NAMES.staff;
  return {
    id: row.id,
    taskId: row.taskId,
    authorType: row.authorType,
    authorName,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
  };
}
