import type { Message } from "@foreman/contract";

// Test data for the thread components (component tests only).

let sequence = 0;

/** A customer message with the next id (`m1`, `m2`, …) and numbered text, unless overridden. */
export function nextMessage(overrides: Partial<Message> = {}): Message {
  sequence += 1;
  return {
    id: `m${sequence}`,
    conversationId: "c1",
    senderType: "customer",
    senderName: "Ana Rivera",
    avatarUrl: null,
    content: `Message ${sequence}`,
    attachments: [],
    createdAt: "2026-11-20T10:00:00.000Z",
    ...overrides,
  };
}
