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

  it("shows the support desk's tickets opened and closed, and the median time to close (shorter is better)", () => {
    const comparison = {
      present: { ...EMPTY_OUTCOME_FIGURES, ticketsOpened: 12, ticketsClosed: 9, medianCloseSeconds: 100_800 },
      past: { ...EMPTY_OUTCOME_FIGURES, ticketsOpened: 8 },
    };
    const [opened, closed, timeToClose] = outcomeCards(comparison, "USD", [
      "ticketsOpened",
      "ticketsClosed",
      "timeToClose",
    ]);
    expect(opened).toMatchObject({ label: "Tickets opened", present: 12, past: 8 });
    expect(closed).toMatchObject({ label: "Tickets closed", present: 9, past: 0 });
    expect(timeToClose).toMatchObject({
      label: "Median time to close",
      present: 100_800,
      past: null,
      lowerIsBetter: true,
    });
    expect(timeToClose!.format(timeToClose!.present)).toBe("1 d 4 h");
    expect(timeToClose!.format(null)).toBe("—");
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
