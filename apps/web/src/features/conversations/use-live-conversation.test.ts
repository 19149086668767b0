import type { Message } from "@foreman/contract";
import { describe, expect, it } from "vitest";
import { nextMessage } from "#web/test/fixtures/messages.ts";
import { type MessagesData, withUpdatedMessage } from "./api.ts";
import { withNewestPage } from "./use-live-conversation.ts";

const data = (...pages: Message[][]): MessagesData => ({
  pages: pages.map((messages) => ({ messages, nextBefore: null })),
  pageParams: pages.map(() => null),
});

const sent = (status: "pending" | "sent" | "delivered" | "read" | "failed", overrides: Partial<Message> = {}) =>
  nextMessage({
    senderType: "ai",
    senderName: "Lucía",
    delivery: { status, errorCode: null, error: null },
    ...overrides,
  });

describe("a message that changed (message.updated)", () => {
  it("takes its old copy's place, on whichever page it is", () => {
    const older = sent("delivered");
    const newer = sent("sent");
    const cache = data([newer], [older]);
    const read = { ...older, delivery: { status: "read" as const, errorCode: null, error: null } };
    const next = withUpdatedMessage(cache, read);
    expect(next?.pages[1]?.messages[0]).toBe(read);
    expect(next?.pages[0]).toBe(cache.pages[0]);
  });

  it("leaves the cache as it was when the message is not loaded", () => {
    const cache = data([sent("sent")]);
    expect(withUpdatedMessage(cache, sent("read"))).toBe(cache);
    expect(withUpdatedMessage(undefined, sent("read"))).toBeUndefined();
  });
});

describe("withNewestPage (after the stream was away)", () => {
  it("adds the messages missed and updates the delivery of the ones it has", () => {
    const customer = nextMessage({});
    const reply = sent("sent");
    const cache = data([customer, reply]);
    const missed = nextMessage({ content: "Thanks!" });
    const delivered = { ...reply, delivery: { status: "delivered" as const, errorCode: null, error: null } };
    const next = withNewestPage(cache, { messages: [customer, delivered, missed], nextBefore: null });
    expect(next?.pages[0]?.messages).toEqual([customer, delivered, missed]);
  });

  it("keeps the cache when nothing changed, and asks for a reload when the gap is longer than a page", () => {
    const customer = nextMessage({});
    const cache = data([customer]);
    expect(withNewestPage(cache, { messages: [customer], nextBefore: null })).toBe(cache);
    expect(withNewestPage(cache, { messages: [nextMessage({}), nextMessage({})], nextBefore: "x" })).toBeNull();
  });
});
