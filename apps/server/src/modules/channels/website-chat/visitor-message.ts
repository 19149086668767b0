import type { SenderType, WidgetMessage } from "@foreman/contract";

// A message as the visitor sees it: who wrote it in the visitor's terms, the AI employee's name, a
// staff member's first name only.

const FROM: Record<SenderType, WidgetMessage["from"]> = { customer: "visitor", ai: "ai", staff: "staff" };

export function toWidgetMessage(message: {
  id: string;
  senderType: SenderType;
  senderName: string;
  content: string;
  createdAt: Date | string | null;
}): WidgetMessage {
  const from = FROM[message.senderType];
  return {
    id: message.id,
    from,
    author:
      from === "visitor" ? null : from === "staff" ? (message.senderName.split(/\s+/)[0] ?? null) : message.senderName,
    body: message.content,
    createdAt:
      message.createdAt instanceof Date
        ? message.createdAt.toISOString()
        : (message.createdAt ?? new Date().toISOString()),
  };
}
