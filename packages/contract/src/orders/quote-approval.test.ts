import { describe, expect, it } from "vitest";
import { approvalDrift, approvalDriftReason, isChangeableQuote, type QuoteSnapshot } from "./quote-approval.ts";

const approved: QuoteSnapshot = { version: 3, totalCents: 153_000_000, currency: "CLP", discountPercent: 0 };
const money = (cents: number, currency: string) => `${currency} ${(cents / 100).toLocaleString("en-US")}`;

describe("approvalDrift", () => {
  it("is null while the quote is what was approved and still open", () => {
    for (const state of ["draft", "draft_sent", "sent"])
      expect(approvalDrift(approved, { ...approved, state })).toBeNull();
  });

  it("names a quote that is gone or no longer open before anything else", () => {
    expect(approvalDrift(approved, null)).toEqual({ kind: "gone" });
    for (const state of ["cancelled", "confirmed", "pending", "started", "completed"])
      expect(approvalDrift(approved, { ...approved, totalCents: 1, state })).toEqual({ kind: "state", state });
  });

  it("names a changed total or currency, then a changed discount, then any other change", () => {
    expect(approvalDrift(approved, { ...approved, totalCents: 1_530_000_000, state: "draft" })).toEqual({
      kind: "total",
      from: 153_000_000,
      to: 1_530_000_000,
      fromCurrency: "CLP",
      toCurrency: "CLP",
    });
    expect(approvalDrift(approved, { ...approved, currency: "USD", state: "draft" })).toMatchObject({
      kind: "total",
      toCurrency: "USD",
    });
    expect(approvalDrift(approved, { ...approved, discountPercent: 5, state: "sent" })).toEqual({
      kind: "discount",
      from: 0,
      to: 5,
    });
    expect(approvalDrift(approved, { ...approved, version: 4, state: "sent" })).toEqual({ kind: "version" });
  });

  it("knows the open states", () => {
    expect(isChangeableQuote("sent")).toBe(true);
    expect(isChangeableQuote("confirmed")).toBe(false);
    expect(isChangeableQuote(null)).toBe(false);
  });
});

describe("approvalDriftReason", () => {
  it("tells staff what changed and that nothing was done", () => {
    expect(
      approvalDriftReason(
        1301,
        { kind: "total", from: 153_000_000, to: 1_530_000_000, fromCurrency: "CLP", toCurrency: "CLP" },
        "confirmed",
        money,
      ),
    ).toBe("Q-1301 changed after this was raised (total CLP 1,530,000 → CLP 15,300,000); nothing was confirmed.");
    expect(approvalDriftReason(7, { kind: "state", state: "cancelled" }, "confirmed", money)).toBe(
      "Q-7 changed after this was raised (it was cancelled); nothing was confirmed.",
    );
    expect(approvalDriftReason(7, { kind: "discount", from: 0, to: 10 }, "discounted", money)).toBe(
      "Q-7 changed after this was raised (discount 0% → 10%); no discount was applied.",
    );
    expect(approvalDriftReason(null, { kind: "gone" }, "discounted", money)).toBe(
      "The quote changed after this was raised (it no longer exists); no discount was applied.",
    );
    expect(approvalDriftReason(7, { kind: "version" }, "confirmed", money)).toContain("its lines changed");
  });
});
