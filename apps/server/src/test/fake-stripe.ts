import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { stripeSignatureHeader } from "#server/modules/billing/stripe-signature.ts";

// A small Stripe on 127.0.0.1 (tests only), stateful, implementing just what Foreman calls: customers,
// prices (lookup and create), Checkout Sessions, Customer Portal sessions, SetupIntents and
// PaymentMethods (read), subscriptions (create, read, list, cancel) and subscription items (update).
// It speaks Stripe's wire: form-encoded bracket keys, `Authorization: Bearer <secret key>`, errors as
// `{error: {type, message, code}}`, and Idempotency-Key (the first answer is replayed for the same
// key and parameters; other parameters are an idempotency_error). Each change queues the event Stripe
// would send, and `deliver` posts them to the app, signed with the webhook secret as Stripe signs.

export const FAKE_STRIPE_SECRET_KEY = "sk_test_foremanfake0001";
export const FAKE_STRIPE_WEBHOOK_SECRET = "whsec_foremanfake0001";

export type StripeParams = { [key: string]: unknown };
export type FakeStripeRequest = {
  method: string;
  path: string;
  query: StripeParams;
  params: StripeParams;
  /** The raw form body, as sent. */
  body: string;
  headers: IncomingHttpHeaders;
  idempotencyKey: string | undefined;
};
export type StripeObject = Record<string, unknown> & { id: string };
export type FakeStripeEvent = {
  id: string;
  object: "event";
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  data: { object: StripeObject };
};

export type FakeStripe = {
  /** STRIPE_API_URL for the app. */
  url: string;
  requests: FakeStripeRequest[];
  customers: Map<string, StripeObject>;
  subscriptions: Map<string, StripeObject>;
  checkoutSessions: Map<string, StripeObject>;
  /** Events made by changes, not delivered yet (oldest first). */
  pending: FakeStripeEvent[];
  /** Requests made to one path pattern, e.g. "POST /v1/customers". */
  requestsTo(name: string | RegExp): FakeStripeRequest[];
  /**
   * The customer completing a Checkout Session in setup mode with a card: a SetupIntent and a
   * PaymentMethod attached to the customer; queues payment_method.attached and checkout.session.completed.
   */
  completeCheckout(sessionId: string, card?: { brand: string; last4: string }): void;
  /** An invoice of the customer's subscription: queues invoice.finalized, then invoice.paid or invoice.payment_failed. */
  invoice(
    customerId: string,
    outcome: "paid" | "payment_failed",
    lines?: { amount: number; description: string }[],
  ): StripeObject;
  /** An event as Stripe would send it (not queued). */
  event(type: string, object: StripeObject, created?: number): FakeStripeEvent;
  /** Posts events (by default every pending one, which are then no longer pending) to the app's webhook. */
  deliver(
    webhookUrl: string,
    events?: FakeStripeEvent[],
  ): Promise<{ event: FakeStripeEvent; status: number; body: string }[]>;
  close(): Promise<void>;
};

/** `Stripe-Signature` for a payload: what `deliver` sends (tests forge bad ones from it). */
export function signStripePayload(payload: string, secret = FAKE_STRIPE_WEBHOOK_SECRET, timestamp?: number): string {
  return stripeSignatureHeader(secret, payload, timestamp);
}

/** The settings that point the app at a fake: STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL. */
export function fakeStripeEnv(fake: FakeStripe): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
  };
}

/** `a[b][0]=x` pairs → `{a: {b: ["x"]}}`: Stripe's bracket keys, objects with only index keys as arrays. */
export function parseStripeForm(text: string): StripeParams {
  const root: StripeParams = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: StripeParams = root;
    path.forEach((part, index) => {
      const name = part === "" ? String(Object.keys(node).length) : part;
      if (index === path.length - 1) {
        node[name] = value;
        return;
      }
      node[name] ??= {};
      node = node[name] as StripeParams;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (value === null || typeof value !== "object") return value;
    const entries = Object.entries(value as StripeParams).map(([k, v]) => [k, arrays(v)] as const);
    const indexed = entries.length > 0 && entries.every(([k], i) => k === String(i));
    return indexed ? entries.map(([, v]) => v) : Object.fromEntries(entries);
  };
  return arrays(root) as StripeParams;
}

const API_VERSION = "2026-10-28.endive";

export async function startFakeStripe(
  secretKey = FAKE_STRIPE_SECRET_KEY,
  webhookSecret = FAKE_STRIPE_WEBHOOK_SECRET,
): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const customers = new Map<string, StripeObject>();
  const prices = new Map<string, StripeObject>();
  const checkoutSessions = new Map<string, StripeObject>();
  const setupIntents = new Map<string, StripeObject>();
  const paymentMethods = new Map<string, StripeObject>();
  const subscriptions = new Map<string, StripeObject>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const pending: FakeStripeEvent[] = [];
  let counter = 0;
  let baseUrl = "";
  const newId = (prefix: string) => `${prefix}_fake${String(++counter).padStart(6, "0")}`;
  const now = () => Math.floor(Date.now() / 1000);
  const copy = <T>(value: T): T => structuredClone(value);

  const event = (type: string, object: StripeObject, created = now()): FakeStripeEvent => ({
    id: newId("evt"),
    object: "event",
    type,
    created,
    api_version: API_VERSION,
    livemode: false,
    data: { object: copy(object) },
  });
  const emit = (type: string, object: StripeObject) => pending.push(event(type, object));

  class StripeFailure extends Error {
    constructor(
      readonly status: number,
      readonly type: string,
      message: string,
      readonly code?: string,
    ) {
      super(message);
    }
  }
  const missing = (what: string, id: string) =>
    new StripeFailure(404, "invalid_request_error", `No such ${what}: '${id}'`, "resource_missing");
  const required = (params: StripeParams, name: string): string => {
    const value = params[name];
    if (typeof value !== "string" || value === "")
      throw new StripeFailure(400, "invalid_request_error", `Missing required param: ${name}.`, "parameter_missing");
    return value;
  };
  const metadataOf = (params: StripeParams) => (params.metadata ?? {}) as Record<string, string>;
  const list = (data: StripeObject[], path: string) => ({ object: "list", data, has_more: false, url: path });

  const quantityOf = (subscription: StripeObject) =>
    ((subscription.items as { data: { quantity: number }[] }).data[0]?.quantity ?? 0) as number;

  type Route = { method: string; pattern: RegExp; handle: (match: string[], params: StripeParams) => unknown };
  const routes: Route[] = [
    {
      method: "POST",
      pattern: /^\/v1\/customers$/,
      handle: (_, params) => {
        const customer: StripeObject = {
          id: newId("cus"),
          object: "customer",
          name: params.name ?? null,
          email: params.email ?? null,
          metadata: metadataOf(params),
          invoice_settings: { default_payment_method: null },
          created: now(),
        };
        customers.set(customer.id, customer);
        emit("customer.created", customer);
        return customer;
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/customers\/([^/]+)$/,
      handle: ([id], params) => {
        const customer = customers.get(id!);
        if (!customer) throw missing("customer", id!);
        const settings = params.invoice_settings as { default_payment_method?: string } | undefined;
        if (settings?.default_payment_method !== undefined) {
          if (!paymentMethods.has(settings.default_payment_method))
            throw missing("PaymentMethod", settings.default_payment_method);
          customer.invoice_settings = { default_payment_method: settings.default_payment_method };
        }
        if (typeof params.email === "string") customer.email = params.email;
        emit("customer.updated", customer);
        return customer;
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/prices$/,
      handle: (_, query) => {
        const keys = (query.lookup_keys ?? []) as string[];
        const found = [...prices.values()].filter(
          (price) => keys.includes(price.lookup_key as string) && (query.active !== "true" || price.active === true),
        );
        return list(found, "/v1/prices");
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/prices$/,
      handle: (_, params) => {
        const recurring = params.recurring as { interval?: string } | undefined;
        const product = params.product_data as { name?: string } | undefined;
        if (!product?.name) throw new StripeFailure(400, "invalid_request_error", "Missing product_data[name]");
        const price: StripeObject = {
          id: newId("price"),
          object: "price",
          active: true,
          currency: required(params, "currency"),
          unit_amount: Number(required(params, "unit_amount")),
          recurring: { interval: recurring?.interval ?? null },
          lookup_key: params.lookup_key ?? null,
          product: newId("prod"),
        };
        prices.set(price.id, price);
        return price;
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/checkout\/sessions$/,
      handle: (_, params) => {
        const customer = required(params, "customer");
        if (!customers.has(customer)) throw missing("customer", customer);
        const mode = required(params, "mode");
        required(params, "success_url");
        const id = newId("cs_test");
        const session: StripeObject = {
          id,
          object: "checkout.session",
          mode,
          customer,
          status: "open",
          currency: params.currency ?? null,
          success_url: params.success_url,
          cancel_url: params.cancel_url ?? null,
          metadata: metadataOf(params),
          setup_intent: null,
          subscription: null,
          url: `${baseUrl}/pay/${id}`,
        };
        checkoutSessions.set(id, session);
        return session;
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/billing_portal\/sessions$/,
      handle: (_, params) => {
        const customer = required(params, "customer");
        if (!customers.has(customer)) throw missing("customer", customer);
        const id = newId("bps");
        return {
          id,
          object: "billing_portal.session",
          customer,
          return_url: params.return_url ?? null,
          url: `${baseUrl}/portal/${id}`,
        };
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/setup_intents\/([^/]+)$/,
      handle: ([id], query) => {
        const intent = setupIntents.get(id!);
        if (!intent) throw missing("setup_intent", id!);
        const expand = (query.expand ?? []) as string[];
        return expand.includes("payment_method")
          ? { ...intent, payment_method: paymentMethods.get(intent.payment_method as string) ?? null }
          : intent;
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/payment_methods\/([^/]+)$/,
      handle: ([id]) => {
        const method = paymentMethods.get(id!);
        if (!method) throw missing("payment_method", id!);
        return method;
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/subscriptions$/,
      handle: (_, params) => {
        const customer = required(params, "customer");
        if (!customers.has(customer)) throw missing("customer", customer);
        const items = (params.items ?? []) as { price?: string; quantity?: string }[];
        if (items.length !== 1 || !items[0]?.price)
          throw new StripeFailure(400, "invalid_request_error", "Send one item");
        const price = prices.get(items[0].price);
        if (!price) throw missing("price", items[0].price);
        const start = now();
        const subscription: StripeObject = {
          id: newId("sub"),
          object: "subscription",
          customer,
          status: "active",
          metadata: metadataOf(params),
          cancel_at_period_end: false,
          created: start,
          items: {
            object: "list",
            data: [
              {
                id: newId("si"),
                object: "subscription_item",
                price: copy(price),
                quantity: Number(items[0].quantity ?? "1"),
                current_period_start: start,
                current_period_end: start + 30 * 86_400,
              },
            ],
          },
        };
        subscriptions.set(subscription.id, subscription);
        emit("customer.subscription.created", subscription);
        return subscription;
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/subscriptions$/,
      handle: (_, query) => {
        const found = [...subscriptions.values()].filter(
          (subscription) =>
            (query.customer === undefined || subscription.customer === query.customer) &&
            (query.status === "all" || subscription.status !== "canceled"),
        );
        return list(found, "/v1/subscriptions");
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: ([id]) => {
        const subscription = subscriptions.get(id!);
        if (!subscription) throw missing("subscription", id!);
        return subscription;
      },
    },
    {
      method: "DELETE",
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: ([id]) => {
        const subscription = subscriptions.get(id!);
        if (!subscription) throw missing("subscription", id!);
        if (subscription.status === "canceled")
          throw new StripeFailure(400, "invalid_request_error", "This subscription is already canceled.");
        subscription.status = "canceled";
        subscription.canceled_at = now();
        emit("customer.subscription.deleted", subscription);
        return subscription;
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/subscription_items\/([^/]+)$/,
      handle: ([id], params) => {
        const subscription = [...subscriptions.values()].find((candidate) =>
          (candidate.items as { data: { id: string }[] }).data.some((item) => item.id === id),
        );
        if (!subscription) throw missing("subscription_item", id!);
        if (subscription.status === "canceled")
          throw new StripeFailure(400, "invalid_request_error", "The subscription is canceled.");
        const item = (subscription.items as { data: StripeObject[] }).data.find((candidate) => candidate.id === id)!;
        const behaviours = ["create_prorations", "none", "always_invoice"];
        if (params.proration_behavior !== undefined && !behaviours.includes(params.proration_behavior as string))
          throw new StripeFailure(400, "invalid_request_error", "Invalid proration_behavior");
        item.quantity = Number(required(params, "quantity"));
        emit("customer.subscription.updated", subscription);
        return item;
      },
    },
  ];

  const reply = (response: ServerResponse, status: number, body: unknown, replayed = false) => {
    response.writeHead(status, {
      "content-type": "application/json",
      "request-id": `req_${++counter}`,
      ...(replayed ? { "idempotent-replayed": "true" } : {}),
    });
    response.end(JSON.stringify(body));
  };

  const server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      body += chunk;
    });
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      const method = request.method ?? "GET";
      const idempotencyKey = request.headers["idempotency-key"] as string | undefined;
      const query = parseStripeForm(url.search.slice(1));
      const params = method === "POST" ? parseStripeForm(body) : query;
      requests.push({ method, path: url.pathname, query, params, body, headers: request.headers, idempotencyKey });
      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        return reply(response, 401, {
          error: { type: "invalid_request_error", message: "Invalid API Key provided" },
        });
      }
      const fingerprint = `${method} ${url.pathname} ${body}`;
      if (idempotencyKey && method === "POST") {
        const earlier = idempotent.get(idempotencyKey);
        if (earlier && earlier.fingerprint !== fingerprint) {
          return reply(response, 400, {
            error: {
              type: "idempotency_error",
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          });
        }
        if (earlier) return reply(response, earlier.status, earlier.body, true);
      }
      const route = routes.find((candidate) => candidate.method === method && candidate.pattern.test(url.pathname));
      let status = 200;
      let answer: unknown;
      if (!route) {
        status = 404;
        answer = {
          error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${url.pathname})` },
        };
      } else {
        try {
          answer = copy(route.handle(route.pattern.exec(url.pathname)!.slice(1), params));
        } catch (error) {
          if (!(error instanceof StripeFailure)) throw error;
          status = error.status;
          answer = { error: { type: error.type, message: error.message, ...(error.code ? { code: error.code } : {}) } };
        }
      }
      if (idempotencyKey && method === "POST") idempotent.set(idempotencyKey, { fingerprint, status, body: answer });
      reply(response, status, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    requests,
    customers,
    subscriptions,
    checkoutSessions,
    pending,
    requestsTo: (name) =>
      requests.filter((request) => {
        const label = `${request.method} ${request.path}`;
        return typeof name === "string" ? label === name : name.test(label);
      }),
    completeCheckout(sessionId, card = { brand: "visa", last4: "4242" }) {
      const session = checkoutSessions.get(sessionId);
      if (!session) throw new Error(`fake-stripe: no checkout session ${sessionId}`);
      const method: StripeObject = {
        id: newId("pm"),
        object: "payment_method",
        type: "card",
        card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2030 },
        customer: session.customer,
      };
      paymentMethods.set(method.id, method);
      const intent: StripeObject = {
        id: newId("seti"),
        object: "setup_intent",
        status: "succeeded",
        customer: session.customer,
        payment_method: method.id,
        metadata: session.metadata,
      };
      setupIntents.set(intent.id, intent);
      session.status = "complete";
      session.setup_intent = intent.id;
      emit("payment_method.attached", method);
      emit("checkout.session.completed", session);
    },
    invoice(customerId, outcome, lines) {
      const subscription = [...subscriptions.values()].find(
        (candidate) => candidate.customer === customerId && candidate.status !== "canceled",
      );
      const start = now();
      const end = start + 30 * 86_400;
      const invoiceLines = (
        lines ?? [
          {
            amount: 300 * (subscription ? quantityOf(subscription) : 1),
            description: `${subscription ? quantityOf(subscription) : 1} × Phone number (at $3.00 / month)`,
          },
        ]
      ).map((line) => ({
        id: newId("il"),
        object: "line_item",
        amount: line.amount,
        currency: "usd",
        description: line.description,
        period: { start, end },
      }));
      const id = newId("in");
      const total = invoiceLines.reduce((sum, line) => sum + line.amount, 0);
      const invoice: StripeObject = {
        id,
        object: "invoice",
        customer: customerId,
        number: `FAKE-${String(counter).padStart(4, "0")}`,
        status: "open",
        currency: "usd",
        total,
        amount_due: total,
        amount_paid: 0,
        period_start: start,
        period_end: start,
        hosted_invoice_url: `${baseUrl}/invoices/${id}`,
        invoice_pdf: `${baseUrl}/invoices/${id}/pdf`,
        lines: { object: "list", data: invoiceLines },
        parent: subscription ? { subscription_details: { subscription: subscription.id } } : null,
        metadata: {},
      };
      emit("invoice.finalized", invoice);
      if (outcome === "paid") {
        invoice.status = "paid";
        invoice.amount_paid = total;
        emit("invoice.paid", invoice);
      } else {
        emit("invoice.payment_failed", invoice);
      }
      return copy(invoice);
    },
    event,
    async deliver(webhookUrl, events) {
      const sending = events ?? pending.splice(0, pending.length);
      const results: { event: FakeStripeEvent; status: number; body: string }[] = [];
      for (const item of sending) {
        const payload = JSON.stringify(item);
        const response = await fetch(webhookUrl, {
          method: "POST",
          headers: {
            "content-type": "application/json; charset=utf-8",
            "stripe-signature": signStripePayload(payload, webhookSecret),
            "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          },
          body: payload,
        });
        results.push({ event: item, status: response.status, body: await response.text() });
      }
      return results;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
