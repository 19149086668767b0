import type { Message } from "@foreman/contract";
import { describe, expect, it } from "vitest";
import { nextMessage } from "#web/test/fixtures/messages.ts";
import { type MessagesData, withChangedMessage, withNewMessage, withUpdatedMessage } from "./api.ts";
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

describe("a change that arrives before the message itself", () => {
  it("adds the changed message at the end, and the older copy arriving later changes nothing", () => {
    const customer = nextMessage({});
    const cache = data([customer]);
    const pending = sent("pending", { senderType: "staff" });
    const delivered = { ...pending, delivery: { status: "sent" as const, errorCode: null, error: null } };
    const changed = withChangedMessage(cache, delivered);
    expect(changed?.pages[0]?.messages).toEqual([customer, delivered]);
    // message.created, or the sender's own answer, with the copy from before the job sent it.
    expect(withNewMessage(changed, pending)).toBe(changed);
  });

  it("replaces a loaded copy, and leaves out a change to a message older than the thread's newest", () => {
    const old = sent("sent", { createdAt: "2026-11-20T09:00:00.000Z" });
    const newest = nextMessage({ createdAt: "2026-11-20T10:00:00.000Z" });
    const cache = data([newest]);
    expect(withChangedMessage(cache, { ...old, delivery: { status: "read", errorCode: null, error: null } })).toBe(
      cache,
    );
    const loaded = data([old, newest]);
    const read = { ...old, delivery: { status: "read" as const, errorCode: null, error: null } };
    expect(withChangedMessage(loaded, read)?.pages[0]?.messages[0]).toBe(read);
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

  it("never takes a delivery back: a page fetched before the job sent the message lands after its update", () => {
    const customer = nextMessage({});
    const pending = sent("pending", { senderType: "staff" });
    const delivered = { ...pending, delivery: { status: "sent" as const, errorCode: null, error: null } };
    const cache = data([customer, delivered]);
    expect(withNewestPage(cache, { messages: [customer, pending], nextBefore: null })).toBe(cache);
    // message.updated events out of order (two instances) keep the later status too.
    expect(withUpdatedMessage(cache, pending)?.pages[0]?.messages[1]?.delivery?.status).toBe("sent");
  });

  it("keeps the cache when nothing changed, and asks for a reload when the gap is longer than a page", () => {
    const customer = nextMessage({});
    const cache = data([customer]);
    expect(withNewestPage(cache, { messages: [customer], nextBefore: null })).toBe(cache);
    expect(withNewestPage(cache, { messages: [nextMessage({}), nextMessage({})], nextBefore: "x" })).toBeNull();
  });
});
