import { describe, expect, it } from "vitest";
import { PENDING_REVIEW_MESSAGE, relayMessage } from "./relay-message.ts";

describe("relayMessage", () => {
  const discount = { actionType: "authorize", title: "15% discount on Q-1042" };

  it("relays a question's answer as written", () => {
    expect(
      relayMessage({ actionType: "question", title: "Saturday?" }, { answer: "Yes, 8–11 am.", decision: null }),
    ).toBe("Yes, 8–11 am.");
  });

  it("confirms an authorization without staff's note", () => {
    expect(relayMessage(discount, { answer: "Repeat customer", decision: "authorized" })).toBe(
      "Good news — I can confirm: 15% discount on Q-1042.",
    );
    expect(
      relayMessage({ actionType: "authorize", title: " Free shipping? " }, { answer: null, decision: "authorized" }),
    ).toBe("Good news — I can confirm: Free shipping.");
  });

  it("says an item left pending is still under review", () => {
    expect(relayMessage(discount, { answer: "Not yet", decision: "left_pending" })).toBe(PENDING_REVIEW_MESSAGE);
  });

  it("relays an assist reply on an authorize item (no decision) as written", () => {
    expect(relayMessage(discount, { answer: "Go ahead with 15%.", decision: null })).toBe("Go ahead with 15%.");
  });
});
