import {
  BILLING_ADMIN_ONLY,
  BILLING_NOT_CONFIGURED,
  type BillingOverview,
  type Invoices,
  PHONE_NUMBER_MONTHLY_CENTS,
} from "@foreman/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingAccounts, billingInvoices, jobs } from "#server/db/schema/index.ts";
import { fromWire } from "#server/lib/wire.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import {
  type BillingCompany,
  billingCompany,
  buyNumber,
  daysInMonthBack,
  insertPhoneNumber,
  monthDay,
} from "#server/test/billing-setup.ts";
import { pdfText } from "#server/test/pdf-text.ts";
import { requestBillingSync } from "./index.ts";

// Billing without Stripe: this month's running total, computed invoices of closed months (stored once,
// each with its own id), their PDF, the billing email, and Stripe's routes refused.

let t: TestApp;
let alpha: BillingCompany;
let bravo: BillingCompany;

beforeAll(async () => {
  t = await createTestApp();
  alpha = await billingCompany(t.db, "Alpha Billing");
  bravo = await billingCompany(t.db, "Bravo Billing");
});
afterAll(() => t.close());

const get = async <T>(url: string, headers: Record<string, string>) => {
  const response = await t.app.inject({ method: "GET", url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return fromWire(response.json()) as T;
};
const expected = (days: number, daysInMonth: number) => Math.round((PHONE_NUMBER_MONTHLY_CENTS * days) / daysInMonth);

describe("GET /app/billing.json", () => {
  it("starts with nothing to pay, the first owner's email and no provider", async () => {
    const overview = await get<BillingOverview>("/app/billing.json", bravo.member.headers);
    expect(overview).toMatchObject({
      provider: "none",
      billingEmail: bravo.owner.email,
      activeNumbers: 0,
      monthlyCostCents: 0,
      subscription: { status: "none", quantity: 0, paymentMethod: null },
      paymentProblem: null,
    });
    expect(overview.currentPeriod).toMatchObject({ lines: [], totalCents: 0, currency: "USD" });
    // Reading wrote nothing.
    expect(await t.db.select().from(billingAccounts).where(eq(billingAccounts.companyId, bravo.companyId))).toEqual([]);
  });

  it("shows this month's lines to today and their running total", async () => {
    const today = new Date().getUTCDate();
    const daysThisMonth = daysInMonthBack(0);
    const held = await insertPhoneNumber(t.db, alpha.companyId, { purchasedAt: monthDay(2, 5) });
    // Bought and released on the 1st: one day.
    const brief = await insertPhoneNumber(t.db, alpha.companyId, {
      purchasedAt: monthDay(0, 1, 1),
      releasedAt: monthDay(0, 1, 2),
    });
    const overview = await get<BillingOverview>("/app/billing.json", alpha.member.headers);
    const periodStart = monthDay(0, 1).toISOString().slice(0, 10);
    expect(overview.currentPeriod.periodStart).toBe(periodStart);
    expect(overview.currentPeriod.periodEnd.slice(8)).toBe(String(daysThisMonth));
    const lines = overview.currentPeriod.lines.map((line) => [line.phoneNumberId, line.days, line.amountCents]);
    expect(lines).toEqual(
      expect.arrayContaining([
        [held.id, today, expected(today, daysThisMonth)],
        [brief.id, 1, expected(1, daysThisMonth)],
      ]),
    );
    expect(overview.currentPeriod.lines).toHaveLength(2);
    expect(overview.currentPeriod.totalCents).toBe(expected(today, daysThisMonth) + expected(1, daysThisMonth));
    expect(overview.activeNumbers).toBe(1);
    expect(overview.monthlyCostCents).toBe(300);
    const heldLine = overview.currentPeriod.lines.find((line) => line.phoneNumberId === held.id)!;
    expect(heldLine.description).toMatch(new RegExp(`^\\+1 555 010 \\d{4} · .+ \\(${today} days?\\)$`));
  });
});

describe("PATCH /app/billing.json", () => {
  it("sets the billing email for owners and admins", async () => {
    const byAdmin = await t.app.inject({
      method: "PATCH",
      url: "/app/billing.json",
      headers: alpha.admin.headers,
      payload: { billing_email: "  accounts@alpha.example " },
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json()).toMatchObject({ billing_email: "accounts@alpha.example" });
    const byOwner = await t.app.inject({
      method: "PATCH",
      url: "/app/billing.json",
      headers: alpha.owner.headers,
      payload: { billing_email: "billing@alpha.example" },
    });
    expect(byOwner.json()).toMatchObject({ billing_email: "billing@alpha.example" });
  });

  it("refuses members and bad addresses, changing nothing", async () => {
    const byMember = await t.app.inject({
      method: "PATCH",
      url: "/app/billing.json",
      headers: alpha.member.headers,
      payload: { billing_email: "member@alpha.example" },
    });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json()).toEqual({ error: "forbidden", error_description: BILLING_ADMIN_ONLY });
    const bad = await t.app.inject({
      method: "PATCH",
      url: "/app/billing.json",
      headers: alpha.owner.headers,
      payload: { billing_email: "not an address" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([
      { field: "billing_email", message: "Enter an email address like billing@example.com" },
    ]);
    const overview = await get<BillingOverview>("/app/billing.json", alpha.member.headers);
    expect(overview.billingEmail).toBe("billing@alpha.example");
  });
});

describe("computed invoices", () => {
  let invoices: Invoices;

  beforeAll(async () => {
    // Two months ago: bought on the 10th and released on the 20th (10 days).
    await insertPhoneNumber(t.db, bravo.companyId, {
      purchasedAt: monthDay(2, 10, 15),
      releasedAt: monthDay(2, 20, 9),
    });
    // Last month: held from the 3rd on (still active).
    await insertPhoneNumber(t.db, bravo.companyId, { purchasedAt: monthDay(1, 3, 8) });
    invoices = await get<Invoices>("/app/invoices.json", bravo.member.headers);
  });

  it("are one per closed month with a number, newest first, not charged", () => {
    const [last, earlier] = invoices.invoices;
    expect(invoices.total).toBe(2);
    expect(invoices.invoices).toHaveLength(2);
    const month = (back: number) => monthDay(back, 1).toISOString().slice(0, 10);
    const short = bravo.companyId.slice(0, 8).toUpperCase();
    expect(last).toMatchObject({
      number: `FM-${month(1).slice(0, 4)}${month(1).slice(5, 7)}-${short}`,
      periodStart: month(1),
      status: "not_charged",
      hostedUrl: null,
      currency: "USD",
    });
    const daysLast = daysInMonthBack(1);
    expect(last!.lines.map((line) => line.days)).toEqual([daysLast - 2]);
    expect(last!.totalCents).toBe(expected(daysLast - 2, daysLast));
    // The 10th to the 19th: 10 days; $1.00 in a 30-day month.
    expect(earlier!.periodStart).toBe(month(2));
    expect(earlier!.lines).toHaveLength(1);
    expect(earlier!.lines[0]).toMatchObject({ days: 10, amountCents: expected(10, daysInMonthBack(2)) });
    expect(earlier!.lines[0]!.description).toMatch(/ · \w{3} 10 – \w{3} 19 \(10 days\)$/);
    expect(earlier!.pdfUrl).toBe(`/app/invoices/${earlier!.id}.pdf`);
  });

  it("are stored once: read again, the same ids", async () => {
    const again = await get<Invoices>("/app/invoices.json", bravo.owner.headers);
    expect(again.invoices.map((invoice) => invoice.id)).toEqual(invoices.invoices.map((invoice) => invoice.id));
    const stored = await t.db.select().from(billingInvoices).where(eq(billingInvoices.companyId, bravo.companyId));
    expect(stored).toHaveLength(2);
  });

  it("paginate", async () => {
    const second = await get<Invoices>("/app/invoices.json?page=2&per_page=1", bravo.owner.headers);
    expect(second).toMatchObject({ total: 2, page: 2, perPage: 1 });
    expect(second.invoices.map((invoice) => invoice.id)).toEqual([invoices.invoices[1]!.id]);
  });

  it("have a PDF with the number, period, company, billing email, lines, total and status", async () => {
    const invoice = invoices.invoices[1]!;
    const response = await t.app.inject({ method: "GET", url: invoice.pdfUrl, headers: bravo.member.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="invoice-${invoice.number}.pdf"`);
    const text = pdfText(response.rawPayload);
    expect(text).toContain(`Invoice ${invoice.number}`);
    expect(text).toContain(`Period: ${invoice.periodStart} to ${invoice.periodEnd}`);
    expect(text).toContain("Bravo Billing");
    expect(text).toContain(bravo.owner.email);
    expect(text).toContain(invoice.lines[0]!.description);
    expect(text).toContain(`$${(invoice.totalCents / 100).toFixed(2)}`);
    expect(text).toContain("Status: Not charged");
  });

  it("answer 404 to another company, as JSON and as PDF", async () => {
    const invoice = invoices.invoices[0]!;
    const pdf = await t.app.inject({ method: "GET", url: invoice.pdfUrl, headers: alpha.owner.headers });
    expect(pdf.statusCode).toBe(404);
    expect(pdf.json()).toEqual({ error: "not_found", error_description: "Invoice not found" });
    const list = await get<Invoices>("/app/invoices.json", alpha.owner.headers);
    expect(list.invoices.map((item) => item.id)).not.toContain(invoice.id);
    for (const id of ["not-a-uuid", "7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8d"]) {
      const response = await t.app.inject({
        method: "GET",
        url: `/app/invoices/${id}.pdf`,
        headers: bravo.owner.headers,
      });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe("without Stripe", () => {
  it("refuses checkout and the portal with 409, and Stripe's webhook with 404", async () => {
    for (const url of ["/app/billing/checkout.json", "/app/billing/portal.json"]) {
      const response = await t.app.inject({ method: "POST", url, headers: alpha.owner.headers });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: "billing_not_configured", error_description: BILLING_NOT_CONFIGURED });
    }
    const member = await t.app.inject({
      method: "POST",
      url: "/app/billing/checkout.json",
      headers: alpha.member.headers,
    });
    expect(member.statusCode).toBe(403);
    const webhook = await t.app.inject({
      method: "POST",
      url: "/webhooks/stripe",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
      payload: "{}",
    });
    expect(webhook.statusCode).toBe(404);
  });

  it("runs the billing job a number's purchase asks for, which stores the closed months", async () => {
    const company = await billingCompany(t.db, "Charlie Billing");
    await insertPhoneNumber(t.db, company.companyId, { purchasedAt: monthDay(1, 15) });
    await buyNumber(t, company.companyId);
    await t.app.jobs.idle();
    const ran = await t.db.select().from(jobs).where(eq(jobs.companyId, company.companyId));
    expect(ran.map((job) => [job.kind, job.state])).toEqual([["billing_sync", "done"]]);
    const stored = await t.db.select().from(billingInvoices).where(eq(billingInvoices.companyId, company.companyId));
    expect(stored.map((invoice) => [invoice.periodStart, invoice.status])).toEqual([
      [monthDay(1, 1).toISOString().slice(0, 10), "not_charged"],
    ]);
  });

  it("asks for one waiting billing job however many changes a company makes", async () => {
    const company = await billingCompany(t.db, "Delta Billing");
    // The queue is not woken: the first job is still waiting when the next number is bought.
    await t.db.transaction(async (tx) => {
      await requestBillingSync(tx, t.app.jobs, company.companyId);
      await requestBillingSync(tx, t.app.jobs, company.companyId);
    });
    const waiting = await t.db.select().from(jobs).where(eq(jobs.companyId, company.companyId));
    expect(waiting.filter((job) => job.kind === "billing_sync")).toHaveLength(1);
    await t.app.jobs.idle();
  });
});
