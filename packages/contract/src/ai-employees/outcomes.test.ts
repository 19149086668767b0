import { describe, expect, it } from "vitest";
import { conversionPercent, EMPTY_OUTCOME_FIGURES, median, sumOutcomeFigures } from "./outcomes.ts";

describe("conversionPercent", () => {
  it("is the share of the period's leads won, in percent", () => {
    expect(conversionPercent({ leads: 20, leadsWon: 5 })).toBe(25);
    expect(conversionPercent({ leads: 3, leadsWon: 3 })).toBe(100);
  });
  it("is null without leads, rather than 0% or a division by zero", () => {
    expect(conversionPercent({ leads: 0, leadsWon: 0 })).toBeNull();
  });
});

describe("median", () => {
  it("takes the middle value, or the mean of the middle two", () => {
    expect(median([90, 30, 600])).toBe(90);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });
  it("is null for no values, and leaves its input unsorted", () => {
    expect(median([])).toBeNull();
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe("sumOutcomeFigures", () => {
  it("adds every count and the revenue, and takes the group's medians as given", () => {
    const a = { ...EMPTY_OUTCOME_FIGURES, revenueCents: 1000, quotes: 2, orders: 1, won: 1, leads: 4, leadsWon: 1 };
    const b = {
      ...EMPTY_OUTCOME_FIGURES,
      revenueCents: 500,
      conversations: 3,
      actionItemsRaised: 2,
      actionItemsOpen: 1,
      aiReplies: 5,
      handoffs: 1,
      ticketsOpened: 4,
      ticketsClosed: 2,
      medianCloseSeconds: 600,
    };
    expect(
      sumOutcomeFigures([{ ...a, aiReplies: 2, ticketsOpened: 1 }, b], {
        medianFirstReplySeconds: 42,
        medianCloseSeconds: 3600,
      }),
    ).toEqual({
      revenueCents: 1500,
      quotes: 2,
      orders: 1,
      won: 1,
      leads: 4,
      leadsWon: 1,
      conversations: 3,
      actionItemsRaised: 2,
      actionItemsOpen: 1,
      medianFirstReplySeconds: 42,
      aiReplies: 7,
      handoffs: 1,
      ticketsOpened: 5,
      ticketsClosed: 2,
      medianCloseSeconds: 3600,
    });
    expect(sumOutcomeFigures([])).toEqual(EMPTY_OUTCOME_FIGURES);
  });
});
