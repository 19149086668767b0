import { describe, expect, it } from "vitest";
import {
  CANCELLABLE_ORDER_STATES,
  CHANGEABLE_QUOTE_STATES,
  canCancelOrder,
  canTransition,
  ORDER_STATES,
  QUOTE_TRANSITIONS,
} from "./order.ts";
import { isChangeableQuote } from "./quote-approval.ts";

describe("quote transitions", () => {
  it("names every transition with its allowed-from states", () => {
    expect(Object.keys(QUOTE_TRANSITIONS).sort()).toEqual(["cancel", "confirm", "discount", "revise", "send"]);
    for (const states of Object.values(QUOTE_TRANSITIONS))
      for (const state of states) expect(ORDER_STATES).toContain(state);
  });

  it("sends, revises, discounts and confirms only a quote that is still a quote", () => {
    for (const transition of ["send", "revise", "discount", "confirm"] as const) {
      expect([...QUOTE_TRANSITIONS[transition]].sort()).toEqual(["draft", "draft_sent", "sent"]);
      for (const state of ["confirmed", "pending", "started", "completed", "cancelled"])
        expect(canTransition(state, transition)).toBe(false);
    }
  });

  it("never confirms a cancelled order, whoever asks", () => {
    expect(canTransition("cancelled", "confirm")).toBe(false);
    expect(canTransition("cancelled", "cancel")).toBe(false);
  });

  it("cancels from the cancellable states: anything not yet won nor already cancelled", () => {
    expect(QUOTE_TRANSITIONS.cancel).toEqual(CANCELLABLE_ORDER_STATES);
    for (const state of ORDER_STATES) expect(canTransition(state, "cancel")).toBe(canCancelOrder(state));
    expect(canTransition("completed", "cancel")).toBe(false);
  });

  it("answers no for a missing or unknown state", () => {
    expect(canTransition(null, "confirm")).toBe(false);
    expect(canTransition(undefined, "cancel")).toBe(false);
    expect(canTransition("archived", "send")).toBe(false);
  });

  it("a changeable quote is one the AI may still revise", () => {
    for (const state of ORDER_STATES)
      expect(isChangeableQuote(state)).toBe((CHANGEABLE_QUOTE_STATES as readonly string[]).includes(state));
  });
});
