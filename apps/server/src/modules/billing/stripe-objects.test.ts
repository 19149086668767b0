import { describe, expect, it } from "vitest";
import { readInvoice, readSubscription } from "./stripe-objects.ts";

const at = (iso: string) => Date.parse(iso) / 1000;

describe("readInvoice", () => {
  it("reads Stripe's invoice as a month's invoice: lines with their days, cents, the currency upper case", () => {
    const invoice = readInvoice(
      {
        id: "in_1",
        object: "invoice",
        customer: "cus_1",
        number: "ABC-0001",
        status: "open",
        currency: "usd",
        total: 400,
        period_start: at("2026-10-01T00:00:00Z"),
        period_end: at("2026-11-01T00:00:00Z"),
        hosted_invoice_url: "https://invoice.stripe.com/i/1",
        invoice_pdf: "javascript:alert(1)",
        lines: {
          data: [
            {
              amount: 300,
              currency: "usd",
              description: "1 × Phone number (at $3.00 / month)",
              period: { start: at("2026-11-01T00:00:00Z"), end: at("2026-12-01T00:00:00Z") },
            },
            {
              amount: 100,
              currency: "usd",
              description: "Remaining time on 1 × Phone number after 20 Nov 2026",
              period: { start: at("2026-11-20T00:00:00Z"), end: at("2026-12-01T00:00:00Z") },
            },
          ],
        },
      },
      "invoice.payment_failed",
    );
    expect(invoice).toMatchObject({
      id: "in_1",
      customer: "cus_1",
      status: "open",
      currency: "USD",
      totalCents: 400,
      periodStart: "2026-11-01",
      periodEnd: "2026-11-30",
      hostedUrl: "https://invoice.stripe.com/i/1",
      // Only web addresses are kept as links.
      pdfUrl: null,
    });
    expect(invoice!.lines.map((line) => [line.from, line.to, line.days, line.amountCents])).toEqual([
      ["2026-11-01", "2026-11-30", 30, 300],
      ["2026-11-20", "2026-11-30", 11, 100],
    ]);
  });

  it("takes the status from the event when the invoice's is not one we know, and refuses garbage", () => {
    const base = { id: "in_2", customer: "cus_1", currency: "eur", total: 0, period_start: 1, period_end: 1 };
    expect(readInvoice({ ...base, status: "weird" }, "invoice.voided")?.status).toBe("void");
    expect(readInvoice({ ...base, total: "300" }, "invoice.paid")).toBeNull();
    expect(readInvoice("nothing", "invoice.paid")).toBeNull();
  });
});

describe("readSubscription", () => {
  it("reads the one item's quantity and the status", () => {
    expect(
      readSubscription({
        id: "sub_1",
        customer: { id: "cus_1" },
        status: "past_due",
        metadata: { company_id: "c1" },
        items: { data: [{ id: "si_1", quantity: 3 }] },
      }),
    ).toEqual({
      id: "sub_1",
      customer: "cus_1",
      status: "past_due",
      itemId: "si_1",
      quantity: 3,
      metadata: { company_id: "c1" },
    });
  });
});
