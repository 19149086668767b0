import { type BillingOverview, type Invoices, PAYMENT_FAILED_ADVICE } from "@foreman/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingAccounts, outboundMails, phoneNumbers, stripeEvents } from "#server/db/schema/index.ts";
import { rateLimitBucketOf } from "#server/lib/rate-limit-buckets.ts";
import { fromWire } from "#server/lib/wire.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { type BillingCompany, billingCompany, buyNumber, releaseNumber } from "#server/test/billing-setup.ts";
import {
  FAKE_STRIPE_SECRET_KEY,
  type FakeStripe,
  type FakeStripeEvent,
  fakeStripeEnv,
  signStripePayload,
  startFakeStripe,
} from "#server/test/fake-stripe.ts";
import { requestBillingSync } from "./index.ts";
import { STRIPE_API_VERSION } from "./stripe-client.ts";

// Billing with Stripe, against a fake Stripe on 127.0.0.1 that the app reaches through STRIPE_API_URL
// and that posts its signed events to the app's listening webhook: Checkout makes one customer, the
// subscription's quantity follows the numbers, events are applied once and in order, and a failed
// payment is shown and mailed.

let t: TestApp;
let stripe: FakeStripe;
let webhookUrl: string;
let alpha: BillingCompany;
let bravo: BillingCompany;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({ env: { ...fakeStripeEnv(stripe), PUBLIC_URL: "https://foreman.example" } });
  const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
  webhookUrl = `${address}/webhooks/stripe`;
  alpha = await billingCompany(t.db, "Alpha Stripe");
  bravo = await billingCompany(t.db, "Bravo Stripe");
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const overviewOf = async (company: BillingCompany) => {
  const response = await t.app.inject({ method: "GET", url: "/app/billing.json", headers: company.member.headers });
  expect(response.statusCode, response.body).toBe(200);
  return fromWire(response.json()) as BillingOverview;
};
const accountOf = async (company: BillingCompany) =>
  (await t.db.select().from(billingAccounts).where(eq(billingAccounts.companyId, company.companyId)))[0]!;
/** Posts Stripe's pending events to the app and waits until their jobs (and the jobs they ask for) ran. */
const deliverAll = async () => {
  const results = await stripe.deliver(webhookUrl);
  for (const result of results) expect(result.status, `${result.event.type}: ${result.body}`).toBe(200);
  await t.app.jobs.idle();
  return results;
};
const settle = async () => {
  await t.app.jobs.idle();
  await deliverAll();
};
const storedEvents = async () => t.db.select().from(stripeEvents);
const postEvent = (event: FakeStripeEvent, signature?: string, payload = JSON.stringify(event)) =>
  t.app.inject({
    method: "POST",
    url: "/webhooks/stripe",
    headers: { "content-type": "application/json", "stripe-signature": signature ?? signStripePayload(payload) },
    payload,
  });

describe("Checkout", () => {
  let sessionId: string;

  it("creates the company's Stripe customer once, however many times it is asked at once", async () => {
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        t.app.inject({ method: "POST", url: "/app/billing/checkout.json", headers: alpha.admin.headers }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const customers = [...stripe.customers.values()].filter(
      (customer) => (customer.metadata as Record<string, string>).company_id === alpha.companyId,
    );
    expect(customers).toHaveLength(1);
    expect(customers[0]).toMatchObject({ name: "Alpha Stripe", email: alpha.owner.email });
    for (const request of stripe.requestsTo("POST /v1/customers"))
      expect(request.idempotencyKey).toBe(`customer-${alpha.companyId}`);
    expect((await accountOf(alpha)).stripeCustomerId).toBe(customers[0]!.id);

    const url = answers[0]!.json<{ url: string }>().url;
    sessionId = url.split("/").at(-1)!;
    const session = stripe.checkoutSessions.get(sessionId)!;
    expect(url).toBe(session.url);
    expect(session).toMatchObject({
      mode: "setup",
      customer: customers[0]!.id,
      success_url: "https://foreman.example/settings?tab=billing&checkout=done",
      cancel_url: "https://foreman.example/settings?tab=billing",
      metadata: { company_id: alpha.companyId },
    });
    // Stripe's wire: the secret key as a Bearer token, the pinned version, bracket-keyed forms.
    const created = stripe.requestsTo("POST /v1/checkout/sessions")[0]!;
    expect(created.headers.authorization).toBe(`Bearer ${FAKE_STRIPE_SECRET_KEY}`);
    expect(created.headers["stripe-version"]).toBe(STRIPE_API_VERSION);
    expect(created.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(created.body).toContain(`metadata%5Bcompany_id%5D=${alpha.companyId}`);
  });

  it("opens the Customer Portal for the same customer", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/app/billing/portal.json",
      headers: alpha.owner.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().url).toMatch(/\/portal\/bps_/);
    expect(stripe.requestsTo("POST /v1/billing_portal/sessions").at(-1)!.params).toMatchObject({
      customer: (await accountOf(alpha)).stripeCustomerId,
      return_url: "https://foreman.example/settings?tab=billing",
    });
    const member = await t.app.inject({
      method: "POST",
      url: "/app/billing/portal.json",
      headers: alpha.member.headers,
    });
    expect(member.statusCode).toBe(403);
  });

  it("a number bought before a card is on file waits: no subscription yet", async () => {
    await buyNumber(t, alpha.companyId);
    await t.app.jobs.idle();
    expect(stripe.requestsTo(/ \/v1\/subscriptions/)).toEqual([]);
    expect((await overviewOf(alpha)).subscription).toMatchObject({ status: "none", paymentMethod: null });
  });

  it("completed, shows the card and starts the subscription for the numbers already bought", async () => {
    stripe.completeCheckout(sessionId, { brand: "visa", last4: "4242" });
    await deliverAll();
    // The subscription's own event, sent when the job created it.
    await deliverAll();
    const overview = await overviewOf(alpha);
    expect(overview.provider).toBe("stripe");
    expect(overview.subscription).toEqual({
      status: "active",
      quantity: 1,
      paymentMethod: { brand: "visa", last4: "4242" },
    });
    const customer = stripe.customers.get((await accountOf(alpha)).stripeCustomerId!)!;
    expect((customer.invoice_settings as { default_payment_method: string }).default_payment_method).toMatch(/^pm_/);
    const [created] = stripe.requestsTo("POST /v1/subscriptions");
    expect(created!.params).toMatchObject({
      customer: customer.id,
      items: [{ quantity: "1" }],
      metadata: { company_id: alpha.companyId },
    });
    expect(created!.idempotencyKey).toBe(`subscription-${alpha.companyId}-after-none`);
    // The numbers' price, found by its lookup key or created once.
    expect(stripe.requestsTo("POST /v1/prices")).toHaveLength(1);
    expect(stripe.requestsTo("POST /v1/prices")[0]!.params).toMatchObject({
      unit_amount: "300",
      currency: "usd",
      recurring: { interval: "month" },
      lookup_key: "phone_number_monthly",
    });
  });
});

describe("the subscription's quantity", () => {
  // The subscriptions created, by the idempotency key each was asked for with. Two syncs of a company can
  // run at once (a card arriving while a number is bought): both ask for the same subscription, under the
  // same key, and Stripe makes one (stripe-sync.ts). Counting requests would count the machine's timing.
  const subscriptionsAskedFor = () => [
    ...new Set(stripe.requestsTo("POST /v1/subscriptions").map((request) => request.idempotencyKey)),
  ];
  const subscription = async () => stripe.subscriptions.get((await accountOf(alpha)).stripeSubscriptionId!)!;
  const quantity = async () => ((await subscription()).items as { data: { quantity: number }[] }).data[0]!.quantity;
  let second: { id: string };

  it("follows a number bought, prorated", async () => {
    second = await buyNumber(t, alpha.companyId);
    await settle();
    expect(await quantity()).toBe(2);
    const update = stripe.requestsTo(/^POST \/v1\/subscription_items\//).at(-1)!;
    expect(update.params).toEqual({ quantity: "2", proration_behavior: "create_prorations" });
    expect(update.idempotencyKey).toMatch(/^quantity-si_\w+-2-[0-9a-f-]{36}$/);
    expect((await overviewOf(alpha)).subscription.quantity).toBe(2);
  });

  it("follows a number released, without a refund", async () => {
    await releaseNumber(t, alpha.companyId, second.id);
    await settle();
    expect(await quantity()).toBe(1);
    expect(stripe.requestsTo(/^POST \/v1\/subscription_items\//).at(-1)!.params).toEqual({
      quantity: "1",
      proration_behavior: "none",
    });
    expect(subscriptionsAskedFor()).toHaveLength(1);
    const customer = (await accountOf(alpha)).stripeCustomerId;
    expect([...stripe.subscriptions.values()].filter((made) => made.customer === customer)).toHaveLength(1);
  });

  it("does nothing when it already matches", async () => {
    const before = stripe.requests.length;
    await t.db.transaction((tx) => requestBillingSync(tx, t.app.jobs, alpha.companyId));
    t.app.jobs.wake();
    await t.app.jobs.idle();
    expect(stripe.requests.slice(before).map((request) => request.method)).not.toContain("POST");
  });

  it("ends with the last number: the subscription is canceled", async () => {
    const active = await t.db.select().from(phoneNumbers).where(eq(phoneNumbers.companyId, alpha.companyId));
    for (const number of active.filter((row) => row.status === "active"))
      await releaseNumber(t, alpha.companyId, number.id);
    await settle();
    expect((await subscription()).status).toBe("canceled");
    expect(stripe.requestsTo(/^DELETE \/v1\/subscriptions\//)).toHaveLength(1);
    expect((await overviewOf(alpha)).subscription).toMatchObject({ status: "canceled", quantity: 0 });
  });

  it("starts a new subscription with the next number", async () => {
    const old = (await accountOf(alpha)).stripeSubscriptionId;
    await buyNumber(t, alpha.companyId);
    await settle();
    expect(subscriptionsAskedFor()).toEqual([
      `subscription-${alpha.companyId}-after-none`,
      `subscription-${alpha.companyId}-after-${old}`,
    ]);
    expect((await overviewOf(alpha)).subscription).toMatchObject({ status: "active", quantity: 1 });
  });
});

describe("POST /webhooks/stripe", () => {
  it("counts against the webhooks' rate limit, not the API's", () => {
    expect(rateLimitBucketOf("POST", "/webhooks/stripe")).toBe("webhooks");
  });

  it("applies a replayed event once", async () => {
    const customer = (await accountOf(alpha)).stripeCustomerId!;
    stripe.invoice(customer, "payment_failed");
    const failed = stripe.pending.find((event) => event.type === "invoice.payment_failed")!;
    const results = await deliverAll();
    const again = await stripe.deliver(webhookUrl, [failed, failed]);
    expect(again.map((result) => [result.status, JSON.parse(result.body)])).toEqual([
      [200, { received: true, duplicate: true }],
      [200, { received: true, duplicate: true }],
    ]);
    expect(results.map((result) => JSON.parse(result.body).duplicate)).toEqual([false, false]);
    await t.app.jobs.idle();
    const stored = (await storedEvents()).filter((event) => event.id === failed.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.processedAt).not.toBeNull();
    // Applied once: one mail to the billing email.
    const mails = await t.db.select().from(outboundMails).where(eq(outboundMails.toAddress, alpha.owner.email));
    expect(mails.filter((mail) => mail.subject.startsWith("Payment failed"))).toHaveLength(1);
  });

  it("shows a failed payment with what to do, mails it, and clears it once paid", async () => {
    const overview = await overviewOf(alpha);
    const invoices = fromWire(
      (await t.app.inject({ method: "GET", url: "/app/invoices.json", headers: alpha.member.headers })).json(),
    ) as Invoices;
    const failed = invoices.invoices[0]!;
    expect(failed).toMatchObject({ status: "open", totalCents: 300, currency: "USD" });
    expect(failed.number).toMatch(/^FAKE-/);
    expect(failed.hostedUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/invoices\/in_/);
    expect(overview.paymentProblem).toMatchObject({ message: PAYMENT_FAILED_ADVICE, invoiceId: failed.id });
    const [mail] = await t.db.select().from(outboundMails).where(eq(outboundMails.toAddress, alpha.owner.email));
    expect(mail!.subject).toBe("Payment failed for Alpha Stripe's phone numbers");
    expect(mail!.text).toContain(`We could not charge $3.00 for invoice ${failed.number}`);
    expect(mail!.text).toContain(PAYMENT_FAILED_ADVICE);
    expect(mail!.text).toContain("https://foreman.example/settings?tab=billing");

    // Our PDF of Stripe's invoice.
    const pdf = await t.app.inject({ method: "GET", url: failed.pdfUrl, headers: alpha.member.headers });
    expect(pdf.statusCode).toBe(200);
    const other = await t.app.inject({ method: "GET", url: failed.pdfUrl, headers: bravo.owner.headers });
    expect(other.statusCode).toBe(404);

    stripe.invoice((await accountOf(alpha)).stripeCustomerId!, "paid");
    await deliverAll();
    expect((await overviewOf(alpha)).paymentProblem).toBeNull();
  });

  it("refuses a bad signature with 400 and stores nothing", async () => {
    const before = (await storedEvents()).length;
    const subscription = stripe.subscriptions.get((await accountOf(alpha)).stripeSubscriptionId!)!;
    const event = stripe.event("customer.subscription.updated", subscription);
    const payload = JSON.stringify(event);
    const now = Math.floor(Date.now() / 1000);
    const forged = [
      signStripePayload(payload, "whsec_someoneelse0001"),
      signStripePayload(`${payload} `),
      signStripePayload(payload, undefined, now - 301),
      `t=${now}`,
      "v1=abc",
      "",
    ];
    for (const signature of forged) {
      const response = await postEvent(event, signature, payload);
      expect(response.statusCode, signature).toBe(400);
      expect(response.json()).toMatchObject({ error: "invalid_signature" });
    }
    const unsigned = await t.app.inject({
      method: "POST",
      url: "/webhooks/stripe",
      headers: { "content-type": "application/json" },
      payload,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await storedEvents()).toHaveLength(before);
    // Any of several v1 signatures may match (a secret being rolled).
    const rolled = `${signStripePayload(payload, "whsec_someoneelse0001")},${signStripePayload(payload).split(",")[1]}`;
    expect((await postEvent(event, rolled, payload)).statusCode).toBe(200);
    expect(await storedEvents()).toHaveLength(before + 1);
    await t.app.jobs.idle();
  });

  it("lets an event older than the one applied change nothing", async () => {
    const subscription = structuredClone(stripe.subscriptions.get((await accountOf(alpha)).stripeSubscriptionId!)!);
    const withQuantity = (quantity: number) => {
      const copy = structuredClone(subscription);
      (copy.items as { data: { quantity: number }[] }).data[0]!.quantity = quantity;
      return copy;
    };
    const now = Math.floor(Date.now() / 1000);
    const newer = stripe.event("customer.subscription.updated", { ...withQuantity(5), status: "past_due" }, now + 10);
    const older = stripe.event("customer.subscription.updated", { ...withQuantity(3), status: "active" }, now - 100);
    expect((await postEvent(newer)).statusCode).toBe(200);
    await t.app.jobs.idle();
    expect((await overviewOf(alpha)).subscription).toMatchObject({ status: "past_due", quantity: 5 });
    expect((await postEvent(older)).statusCode).toBe(200);
    await t.app.jobs.idle();
    expect((await overviewOf(alpha)).subscription).toMatchObject({ status: "past_due", quantity: 5 });
    const applied = (await storedEvents()).find((event) => event.id === older.id)!;
    expect(applied.processedAt).not.toBeNull();
  });

  it("keeps an event of a customer no company has, and applies it to nobody", async () => {
    const event = stripe.event("invoice.paid", {
      id: "in_stranger",
      object: "invoice",
      customer: "cus_stranger",
      currency: "usd",
      total: 300,
      period_start: 1,
      period_end: 1,
      status: "paid",
      metadata: {},
    });
    const response = await postEvent(event);
    expect(response.statusCode).toBe(200);
    const stored = (await storedEvents()).find((row) => row.id === event.id)!;
    expect(stored.companyId).toBeNull();
    expect(stored.error).toBe("No company of this server has this Stripe customer");
  });

  it("refuses a body that is no Stripe event, after the signature", async () => {
    const payload = JSON.stringify({ hello: "world" });
    const response = await postEvent({} as FakeStripeEvent, signStripePayload(payload), payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "invalid_request" });
  });
});
