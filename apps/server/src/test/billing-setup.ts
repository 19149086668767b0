import { randomBytes } from "node:crypto";
import { PHONE_NUMBER_MONTHLY_CENTS } from "@foreman/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { phoneNumbers } from "#server/db/schema/index.ts";
import { requestBillingSync } from "#server/modules/billing/index.ts";
import type { TestApp } from "./app.ts";
import { addMember, apiHeaders, createCompany, createUser, issueTokenFor } from "./fixtures.ts";

// Test support for billing: a company with an owner, an admin and a member, and its phone numbers
// written as modules/phones writes them (a released number keeps its row), with the billing job
// requested in the same transaction, as the phones module does when it buys or releases.

export type BillingCaller = { id: string; email: string; headers: Record<string, string> };
export type BillingCompany = {
  companyId: string;
  name: string;
  owner: BillingCaller;
  admin: BillingCaller;
  member: BillingCaller;
};

async function caller(db: Db, companyId: string, role: "owner" | "admin" | "member", firstName: string) {
  const user = await createUser(db, { firstName, lastName: "Billing" });
  await addMember(db, user.id, companyId, role);
  const token = (await issueTokenFor(db, user.id)).accessToken;
  return { id: user.id, email: user.email, headers: apiHeaders(token, companyId) };
}

export async function billingCompany(db: Db, name: string): Promise<BillingCompany> {
  const company = await createCompany(db, name);
  const owner = await caller(db, company.id, "owner", "Olivia");
  const admin = await caller(db, company.id, "admin", "Adam");
  const member = await caller(db, company.id, "member", "Mia");
  return { companyId: company.id, name, owner, admin, member };
}

let nextNumber = 100;
/** A fresh number in the fictional 555-01xx range (each test file starts its own database). */
export const freshNumber = () => `+1555010${String(nextNumber++ % 10_000).padStart(4, "0")}`;

export type NumberRow = { id: string; e164: string };

/** A number bought at `purchasedAt` (and released at `releasedAt`), without asking for the billing job. */
export async function insertPhoneNumber(
  db: Db,
  companyId: string,
  options: { purchasedAt: Date; releasedAt?: Date | null; e164?: string },
): Promise<NumberRow> {
  const e164 = options.e164 ?? freshNumber();
  const [row] = await db
    .insert(phoneNumbers)
    .values({
      companyId,
      provider: "simulated",
      providerSid: `PN${randomBytes(16).toString("hex")}`,
      e164,
      countryCode: "US",
      name: "Support line",
      capabilities: { voice: true, sms: false, mms: false },
      status: options.releasedAt ? "released" : "active",
      monthlyCostCents: PHONE_NUMBER_MONTHLY_CENTS,
      purchasedAt: options.purchasedAt,
      releasedAt: options.releasedAt ?? null,
    })
    .returning({ id: phoneNumbers.id, e164: phoneNumbers.e164 });
  return row!;
}

/** Buys a number now, as the phones module does: the row and the billing job in one transaction. */
export async function buyNumber(t: TestApp, companyId: string): Promise<NumberRow> {
  const e164 = freshNumber();
  const row = await t.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(phoneNumbers)
      .values({
        companyId,
        provider: "simulated",
        providerSid: `PN${randomBytes(16).toString("hex")}`,
        e164,
        countryCode: "US",
        name: "Sales line",
        capabilities: { voice: true, sms: false, mms: false },
        monthlyCostCents: PHONE_NUMBER_MONTHLY_CENTS,
      })
      .returning({ id: phoneNumbers.id, e164: phoneNumbers.e164 });
    await requestBillingSync(tx, t.app.jobs, companyId);
    return inserted!;
  });
  t.app.jobs.wake();
  return row;
}

/** Releases a number now, as the phones module does. */
export async function releaseNumber(t: TestApp, companyId: string, id: string): Promise<void> {
  await t.db.transaction(async (tx) => {
    await tx
      .update(phoneNumbers)
      .set({ status: "released", releasedAt: sql`now()` })
      .where(and(eq(phoneNumbers.companyId, companyId), eq(phoneNumbers.id, id)));
    await requestBillingSync(tx, t.app.jobs, companyId);
  });
  t.app.jobs.wake();
}

/** `hour`:00 UTC on day `day` of the month `monthsBack` months before the current one. */
export function monthDay(monthsBack: number, day: number, hour = 12): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, day, hour));
}

/** Days in the UTC month `monthsBack` months before the current one. */
export function daysInMonthBack(monthsBack: number): number {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack + 1, 0)).getUTCDate();
}

/**
 * A computed invoice of the company (last month's, for a number held from the 5th to the 15th), stored
 * as the first read of its invoices stores it; answers its id (the isolation matrix's and the bad-input
 * walk's sample).
 */
export async function storedInvoiceId(t: TestApp, companyId: string, headers: Record<string, string>): Promise<string> {
  await insertPhoneNumber(t.db, companyId, { purchasedAt: monthDay(1, 5), releasedAt: monthDay(1, 15) });
  const response = await t.app.inject({ method: "GET", url: "/app/invoices.json", headers });
  if (response.statusCode !== 200) throw new Error(`listing invoices failed: ${response.body}`);
  const id = response.json<{ invoices: { id: string }[] }>().invoices[0]?.id;
  if (!id) throw new Error("no invoice was stored");
  return id;
}
