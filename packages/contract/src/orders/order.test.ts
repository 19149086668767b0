import { describe, expect, it } from "vitest";
import {
  CANCELLABLE_ORDER_STATES,
  canCancelOrder,
  cancellableStatesFor,
  cancelNeedsApprover,
  isOrderState,
  ORDER_STATES,
  orderAmount,
  orderNotFoundMessage,
  orderStatusLabel,
  orderTitle,
  QUOTE_DISPLAY_STATES,
  SALE_STATE,
} from "./order.ts";

describe("order states", () => {
  it("lists the spec's eight states and the four quote display states", () => {
    expect(ORDER_STATES).toEqual([
      "confirmed",
      "pending",
      "cancelled",
      "draft_sent",
      "sent",
      "draft",
      "completed",
      "started",
    ]);
    expect(QUOTE_DISPLAY_STATES).toEqual(["started", "draft_sent", "sent", "completed"]);
    expect(SALE_STATE).toBe("completed");
    expect(isOrderState("sent")).toBe(true);
    expect(isOrderState("Sent")).toBe(false);
    expect(isOrderState(null)).toBe(false);
  });
});

describe("orderStatusLabel", () => {
  it.each([
    ["completed", "Won"],
    ["draft_sent", "Draft sent"],
    ["confirmed", "Confirmed"],
    ["pending", "Pending"],
    ["cancelled", "Cancelled"],
    ["sent", "Sent"],
    ["draft", "Draft"],
    ["started", "Started"],
  ])("%s → %s", (state, label) => {
    expect(orderStatusLabel(state)).toBe(label);
  });

  it.each([undefined, null, "", "shipped", "COMPLETED"])(
    "shows Unknown for a missing or unknown state (%s)",
    (state) => {
      expect(orderStatusLabel(state)).toBe("Unknown");
    },
  );
});

describe("orderAmount", () => {
  it("is totalCents divided by 100", () => {
    expect(orderAmount(123_456)).toBe(1234.56);
    expect(orderAmount(5)).toBe(0.05);
    expect(orderAmount(0)).toBe(0);
    expect(orderAmount(null)).toBe(0);
    expect(orderAmount(undefined)).toBe(0);
  });
});

describe("orderTitle", () => {
  it("is the first product's name when bought once", () => {
    expect(
      orderTitle([
        { productName: "Steel beam", quantity: 1 },
        { productName: "Bolt", quantity: 40 },
      ]),
    ).toBe("Steel beam");
  });

  it('is "name x quantity" when the first line item has more than one', () => {
    expect(orderTitle([{ productName: "Cement bag", quantity: 12 }])).toBe("Cement bag x 12");
    expect(orderTitle([{ productName: "Sand", quantity: 2.5 }])).toBe("Sand x 2.5");
  });

  it("keeps the plain name for a fractional quantity of one or less", () => {
    expect(orderTitle([{ productName: "Sand", quantity: 0.5 }])).toBe("Sand");
  });

  it("is empty with no items", () => {
    expect(orderTitle([])).toBe("");
    expect(orderTitle(undefined)).toBe("");
    expect(orderTitle(null)).toBe("");
  });
});

describe("cancellation", () => {
  it("is possible from every open state", () => {
    expect([...CANCELLABLE_ORDER_STATES].sort()).toEqual(
      ["confirmed", "draft", "draft_sent", "pending", "sent", "started"].sort(),
    );
    for (const state of CANCELLABLE_ORDER_STATES) expect(canCancelOrder(state)).toBe(true);
  });

  it("is refused for a won or already cancelled order, and for a missing or unknown state", () => {
    for (const state of ["completed", "cancelled", "", "shipped", null, undefined]) {
      expect(canCancelOrder(state)).toBe(false);
    }
  });

  it("covers every state exactly once between cancellable and final", () => {
    const final = ORDER_STATES.filter((state) => !canCancelOrder(state));
    expect(final.sort()).toEqual(["cancelled", "completed"]);
  });
});

describe("orderNotFoundMessage", () => {
  it("uses the spec's wording", () => {
    expect(orderNotFoundMessage("abc")).toBe("Order abc not found");
  });
});

describe("who may cancel what", () => {
  it("leaves placed orders to approvers; quotes anyone may cancel", () => {
    expect(cancelNeedsApprover("confirmed")).toBe(true);
    expect(cancelNeedsApprover("started")).toBe(true);
    expect(cancelNeedsApprover("pending")).toBe(true);
    expect(cancelNeedsApprover("draft")).toBe(false);
    expect(cancelNeedsApprover(null)).toBe(false);
    expect(cancellableStatesFor(true)).toEqual(CANCELLABLE_ORDER_STATES);
    expect(cancellableStatesFor(false)).toEqual(["draft", "draft_sent", "sent"]);
  });
});
