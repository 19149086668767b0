import { EMPTY_OUTCOME_FIGURES } from "@foreman/contract";
import { describe, expect, it } from "vitest";
import { formatConversion, formatFirstReply, outcomeCards } from "./outcome-figures.ts";

describe("outcome figures", () => {
  it("shows a first reply in seconds under a minute, then as a duration, and a dash for none", () => {
    expect(formatFirstReply(null)).toBe("—");
    expect(formatFirstReply(0)).toBe("0 s");
    expect(formatFirstReply(42.4)).toBe("42 s");
    expect(formatFirstReply(90)).toBe("2 m");
    expect(formatFirstReply(3900)).toBe("1 h 5 m");
  });

  it("shows conversion as a whole percent, and a dash when no lead could convert", () => {
    expect(formatConversion(28.6)).toBe("29%");
    expect(formatConversion(null)).toBe("—");
  });

  it("builds cards with the present and past values, money in the company currency", () => {
    const comparison = {
      present: { ...EMPTY_OUTCOME_FIGURES, revenueCents: 123_456, leads: 4, leadsWon: 1 },
      past: { ...EMPTY_OUTCOME_FIGURES, revenueCents: 100_000 },
    };
    const [revenue, conversion] = outcomeCards(comparison, "USD", ["revenue", "conversion"]);
    expect(revenue).toMatchObject({ label: "Revenue won", present: 123_456, past: 100_000 });
    expect(revenue!.format(revenue!.present)).toBe("$1,235");
    expect(conversion).toMatchObject({ present: 25, past: null, lowerIsBetter: undefined });
    // Slower replies and more open handoffs are worse.
    expect(outcomeCards(comparison, "USD", ["firstReply", "actionItemsOpen"]).map((c) => c.lowerIsBetter)).toEqual([
      true,
      true,
    ]);
  });
});
