import { describe, expect, it } from "vitest";
import {
  channelShares,
  formatBucketLabel,
  formatBucketTick,
  formatPercent,
  funnelSteps,
  orderStateRows,
  ratio,
  sumOf,
} from "./report-figures.ts";

describe("funnelSteps", () => {
  const funnel = [
    { stage: "leads", count: 78 },
    { stage: "qualified", count: 58 },
    { stage: "quoting", count: 49 },
    { stage: "following_up", count: 39 },
    { stage: "won", count: 33 },
  ] as const;

  it("labels the five stages and measures each against all leads", () => {
    const steps = funnelSteps([...funnel]);
    expect(steps.map((step) => step.label)).toEqual(["Leads", "Qualified", "Quoting", "Following up", "Won"]);
    expect(steps.map((step) => step.count)).toEqual([78, 58, 49, 39, 33]);
    expect(steps[0]?.ofFirst).toBe(1);
    expect(steps[4]?.ofFirst).toBeCloseTo(33 / 78);
  });

  it("converts each step from the one before", () => {
    const steps = funnelSteps([...funnel]);
    expect(steps.map((step) => step.previousLabel)).toEqual([null, "Leads", "Qualified", "Quoting", "Following up"]);
    expect(steps[0]?.fromPrevious).toBeNull();
    expect(steps[1]?.fromPrevious).toBeCloseTo(58 / 78);
    expect(steps[4]?.fromPrevious).toBeCloseTo(33 / 39);
  });

  it("has no percentages without leads, and treats a missing stage as zero", () => {
    const steps = funnelSteps([{ stage: "leads", count: 0 }]);
    expect(steps).toHaveLength(5);
    expect(steps.map((step) => step.count)).toEqual([0, 0, 0, 0, 0]);
    expect(steps.map((step) => step.ofFirst)).toEqual([null, null, null, null, null]);
    expect(steps.map((step) => step.fromPrevious)).toEqual([null, null, null, null, null]);
  });
});

describe("ratio and formatPercent", () => {
  it("divides, or gives null for an empty whole", () => {
    expect(ratio(1, 4)).toBe(0.25);
    expect(ratio(3, 0)).toBeNull();
  });

  it("reads one decimal at most, a sliver as <0.1%, nothing as —", () => {
    expect(formatPercent(1)).toBe("100%");
    expect(formatPercent(58 / 78)).toBe("74.4%");
    expect(formatPercent(0.5)).toBe("50%");
    expect(formatPercent(0)).toBe("0%");
    expect(formatPercent(0.0004)).toBe("<0.1%");
    expect(formatPercent(null)).toBe("—");
    expect(formatPercent(Number.NaN)).toBe("—");
  });
});

describe("bucket dates", () => {
  it("formats axis ticks per bucket", () => {
    expect(formatBucketTick("2026-11-03", "day")).toBe("Nov 3");
    expect(formatBucketTick("2026-11-03", "week")).toBe("Week of Nov 3");
    expect(formatBucketTick("2026-11-01", "month")).toBe("Nov 2026");
  });

  it("adds the year for tooltips and tables", () => {
    expect(formatBucketLabel("2026-11-03", "day")).toBe("Nov 3, 2026");
    expect(formatBucketLabel("2026-11-03", "week")).toBe("Week of Nov 3, 2026");
    expect(formatBucketLabel("2026-11-01", "month")).toBe("November 2026");
  });

  it("reads the date in UTC, so the first of a month never shows as the day before", () => {
    expect(formatBucketTick("2026-01-01", "day")).toBe("Jan 1");
    expect(formatBucketTick("2026-01-01", "month")).toBe("Jan 2026");
  });

  it("shows a malformed date as it came", () => {
    expect(formatBucketTick("someday", "day")).toBe("someday");
  });
});

describe("channelShares", () => {
  it("lists every channel in order with its share of the leads", () => {
    const shares = channelShares([
      { channel: "email", count: 30 },
      { channel: "whatsapp", count: 10 },
    ]);
    expect(shares.map((share) => [share.label, share.count, share.share])).toEqual([
      ["WhatsApp", 10, 0.25],
      ["Email", 30, 0.75],
      ["Phone", 0, 0],
      ["SMS", 0, 0],
      ["Web chat", 0, 0],
    ]);
  });

  it("has no shares when there are no leads", () => {
    expect(channelShares([]).map((share) => share.share)).toEqual([null, null, null, null, null]);
  });
});

describe("orderStateRows", () => {
  it("lists every state in the order orders move, completed as Won", () => {
    const rows = orderStateRows([
      { state: "completed", count: 3, amount: 1200 },
      { state: "cancelled", count: 1, amount: 50 },
    ]);
    expect(rows.map((row) => row.label)).toEqual([
      "Draft",
      "Started",
      "Draft sent",
      "Sent",
      "Pending",
      "Confirmed",
      "Won",
      "Cancelled",
    ]);
    expect(rows.find((row) => row.state === "completed")).toMatchObject({ count: 3, amount: 1200 });
    expect(rows.find((row) => row.state === "draft")).toMatchObject({ count: 0, amount: 0 });
    expect(sumOf(rows, (row) => row.count)).toBe(4);
  });
});
