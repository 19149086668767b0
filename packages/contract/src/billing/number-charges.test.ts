import { describe, expect, it } from "vitest";
import { PHONE_NUMBER_MONTHLY_CENTS } from "../phones/phone-number.ts";
import {
  billingLine,
  billingPeriodOf,
  chargedDays,
  closedPeriodsSince,
  computedInvoiceNumber,
  type NumberUsage,
  periodCharges,
  proratedCents,
} from "./number-charges.ts";

const number = (purchasedAt: string, releasedAt: string | null, phoneNumber = "+15550100123"): NumberUsage => ({
  phoneNumberId: `id-${phoneNumber}`,
  phoneNumber,
  monthlyCostCents: PHONE_NUMBER_MONTHLY_CENTS,
  currency: "USD",
  purchasedAt,
  releasedAt,
});

const november = billingPeriodOf("2026-11-15"); // 30 days
const december = billingPeriodOf("2026-12-01"); // 31 days

describe("billing periods", () => {
  it("are UTC calendar months with their length", () => {
    expect(november).toEqual({ periodStart: "2026-11-01", periodEnd: "2026-11-30", days: 30 });
    expect(december).toEqual({ periodStart: "2026-12-01", periodEnd: "2026-12-31", days: 31 });
    expect(billingPeriodOf("2028-02-10")).toEqual({ periodStart: "2028-02-01", periodEnd: "2028-02-29", days: 29 });
    // 23:30 on Nov 30 in Santiago is already December in UTC.
    expect(billingPeriodOf(new Date("2026-12-01T02:30:00Z")).periodStart).toBe("2026-12-01");
  });

  it("lists the closed months since a purchase, oldest first, without the current one", () => {
    expect(
      closedPeriodsSince("2026-09-20T10:00:00Z", new Date("2026-11-28T10:00:00Z")).map((p) => p.periodStart),
    ).toEqual(["2026-09-01", "2026-10-01"]);
    expect(closedPeriodsSince("2026-11-02T10:00:00Z", new Date("2026-11-28T10:00:00Z"))).toEqual([]);
    expect(
      closedPeriodsSince("2025-12-31T23:00:00Z", new Date("2026-01-01T00:00:00Z")).map((p) => p.periodStart),
    ).toEqual(["2025-12-01"]);
  });
});

describe("a number's charge in a month", () => {
  it("bought on the 10th and released on the 20th of a 30-day month costs $1.00 (10 days)", () => {
    const line = billingLine(number("2026-11-10T15:00:00Z", "2026-11-20T09:00:00Z"), november);
    expect(line).toMatchObject({ from: "2026-11-10", to: "2026-11-19", days: 10, amountCents: 100 });
    expect(line?.description).toBe("+1 555 010 0123 · Nov 10 – Nov 19 (10 days)");
  });

  it("costs the whole $3.00 for a full month, of 30 or 31 days", () => {
    expect(billingLine(number("2026-10-05T00:00:00Z", null), november)?.amountCents).toBe(300);
    expect(billingLine(number("2026-10-05T00:00:00Z", null), december)?.amountCents).toBe(300);
    expect(billingLine(number("2026-11-01T00:00:00Z", "2026-12-01T00:00:00Z"), november)?.days).toBe(30);
  });

  it("prorates by the month's own length", () => {
    // 10 days of 31: 96.77… → 97 cents; of 28: 107.14… → 107.
    expect(billingLine(number("2026-12-10T00:00:00Z", "2026-12-20T00:00:00Z"), december)?.amountCents).toBe(97);
    expect(proratedCents(300, 10, 28)).toBe(107);
    expect(proratedCents(300, 1, 31)).toBe(10);
  });

  it("counts from the month's first day for a number bought before it", () => {
    const line = billingLine(number("2026-08-17T12:00:00Z", "2026-11-16T08:00:00Z"), november);
    expect(line).toMatchObject({ from: "2026-11-01", to: "2026-11-15", days: 15, amountCents: 150 });
    expect(line?.description).toBe("+1 555 010 0123 · Nov 1 – Nov 15 (15 days)");
  });

  it("charges one day for a number bought and released the same day", () => {
    const line = billingLine(number("2026-11-10T08:00:00Z", "2026-11-10T09:00:00Z"), november);
    expect(line).toMatchObject({ from: "2026-11-10", to: "2026-11-10", days: 1, amountCents: 10 });
    expect(line?.description).toBe("+1 555 010 0123 · Nov 10 (1 day)");
  });

  it("has no line in a month the number was not held", () => {
    expect(billingLine(number("2026-12-02T00:00:00Z", null), november)).toBeNull();
    expect(billingLine(number("2026-09-02T00:00:00Z", "2026-11-01T00:00:00Z"), november)).toBeNull();
    // Released at the very start of Nov 1: October was its last day.
    expect(chargedDays(number("2026-09-02T00:00:00Z", "2026-11-01T00:00:00Z"), billingPeriodOf("2026-10-01"))).toEqual({
      from: "2026-10-01",
      to: "2026-10-31",
      days: 31,
    });
  });

  it("counts UTC days: a purchase late in the evening west of UTC is the next day", () => {
    expect(chargedDays(number("2026-11-10T03:00:00Z", null), november)?.from).toBe("2026-11-10");
  });
});

describe("the current month's running total", () => {
  it("charges each number to today, inclusive", () => {
    const today = "2026-11-28";
    const charges = periodCharges(
      [
        number("2026-10-20T00:00:00Z", null, "+15550100123"), // Nov 1–28: 28 days → 280
        number("2026-11-10T00:00:00Z", "2026-11-20T00:00:00Z", "+15550100177"), // 10 days → 100
        number("2026-11-28T09:00:00Z", null, "+15550100188"), // bought today: 1 day → 10
        number("2026-12-01T00:00:00Z", null, "+15550100199"), // not yet
      ],
      november,
      today,
    );
    expect(charges.lines.map((line) => [line.phoneNumber, line.days, line.amountCents])).toEqual([
      ["+15550100123", 28, 280],
      ["+15550100177", 10, 100],
      ["+15550100188", 1, 10],
    ]);
    expect(charges.totalCents).toBe(390);
  });

  it("is the sum of rounded lines, so an invoice adds up", () => {
    const charges = periodCharges(
      [
        number("2026-12-10T00:00:00Z", "2026-12-20T00:00:00Z"),
        number("2026-12-10T00:00:00Z", "2026-12-20T00:00:00Z", "+15550100124"),
      ],
      december,
    );
    expect(charges.totalCents).toBe(charges.lines[0]!.amountCents + charges.lines[1]!.amountCents);
    expect(charges.totalCents).toBe(194);
  });
});

describe("computed invoice numbers", () => {
  it("name the month and the company", () => {
    expect(computedInvoiceNumber("3f2a9c01-1111-4222-8333-444455556666", "2026-11-01")).toBe("FM-202611-3F2A9C01");
  });
});
