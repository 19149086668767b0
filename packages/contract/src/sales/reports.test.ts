import { describe, expect, it } from "vitest";
import { bucketStart, reportBucketDates, reportBucketFor, salesReportsSchema } from "./reports.ts";

const range = (start: string, end: string) => ({
  start: new Date(`${start}T00:00:00Z`),
  end: new Date(`${end}T00:00:00Z`),
});

describe("reportBucketFor", () => {
  it("groups by day up to 31 days, by week up to 182, by month beyond", () => {
    expect(reportBucketFor(range("2026-11-21", "2026-11-22"))).toBe("day");
    expect(reportBucketFor(range("2026-10-01", "2026-11-01"))).toBe("day");
    expect(reportBucketFor(range("2026-10-01", "2026-11-02"))).toBe("week");
    expect(reportBucketFor(range("2026-01-01", "2026-07-02"))).toBe("week");
    expect(reportBucketFor(range("2026-01-01", "2026-07-03"))).toBe("month");
  });
});

describe("bucketStart", () => {
  it("starts weeks on Monday and months on the 1st, in UTC", () => {
    const saturday = new Date("2026-11-21T23:30:00Z");
    expect(bucketStart(saturday, "day").toISOString()).toBe("2026-11-21T00:00:00.000Z");
    expect(bucketStart(saturday, "week").toISOString()).toBe("2026-11-16T00:00:00.000Z");
    expect(bucketStart(new Date("2026-11-16T00:00:00Z"), "week").toISOString()).toBe("2026-11-16T00:00:00.000Z");
    expect(bucketStart(new Date("2026-11-22T12:00:00Z"), "week").toISOString()).toBe("2026-11-16T00:00:00.000Z");
    expect(bucketStart(saturday, "month").toISOString()).toBe("2026-11-01T00:00:00.000Z");
  });
});

describe("reportBucketDates", () => {
  it("lists every bucket the period touches, oldest first", () => {
    expect(reportBucketDates(range("2026-11-19", "2026-11-22"), "day")).toEqual([
      "2026-11-19",
      "2026-11-20",
      "2026-11-21",
    ]);
    expect(reportBucketDates(range("2026-11-04", "2026-11-22"), "week")).toEqual([
      "2026-11-02",
      "2026-11-09",
      "2026-11-16",
    ]);
    expect(reportBucketDates(range("2025-11-15", "2026-02-01"), "month")).toEqual([
      "2025-11-01",
      "2025-12-01",
      "2026-01-01",
    ]);
  });
});

describe("salesReportsSchema", () => {
  it("accepts a full report and refuses an unknown funnel stage", () => {
    const report = {
      currency: "USD",
      bucket: "day",
      funnel: [{ stage: "leads", count: 3 }],
      salesOverTime: [{ date: "2026-11-21", amount: 12.5 }],
      leadsOverTime: [{ date: "2026-11-21", count: 3 }],
      purchaseOrders: [{ state: "completed", count: 1, amount: 12.5 }],
      channels: [{ channel: "email", count: 3 }],
    };
    expect(salesReportsSchema.safeParse(report).success).toBe(true);
    expect(salesReportsSchema.safeParse({ ...report, funnel: [{ stage: "lost", count: 1 }] }).success).toBe(false);
  });
});
