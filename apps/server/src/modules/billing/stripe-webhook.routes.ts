import type { FastifyPluginAsync } from "fastify";
import { httpError } from "#server/lib/http-error.ts";
import { stripeEventSchema } from "./stripe-objects.ts";
import { STRIPE_SIGNATURE_HEADER, verifyStripeSignature } from "./stripe-signature.ts";
import { receiveStripeEvent } from "./stripe-webhook.service.ts";

/** Stripe's events are small JSON objects; a megabyte leaves room for an invoice with many lines. */
export const STRIPE_WEBHOOK_MAX_BYTES = 1024 * 1024;

/**
 * What Stripe calls: outside the company scope, each event finds its company by its customer. The body
 * is read as bytes, so the signature is checked over exactly what Stripe signed, before anything is
 * parsed or stored.
 */
export const stripeWebhookRoutes: FastifyPluginAsync = async (app) => {
  // Only in this plugin: every other route keeps the JSON parser.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: STRIPE_WEBHOOK_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.post<{ Body: Buffer }>(
    "/webhooks/stripe",
    {
      bodyLimit: STRIPE_WEBHOOK_MAX_BYTES,
      config: { keepWireCase: true },
      schema: {
        tags: ["billing"],
        summary: "Stripe's events: checkout, subscription, invoice and card changes",
        description:
          "Signed with Stripe-Signature (t=…,v1=…: HMAC-SHA256 of the timestamp, a dot and the raw body with STRIPE_WEBHOOK_SECRET, any v1 may match, at most 300 s from our clock): anything else is a 400 and nothing is stored. Each event is stored once by its id (a replay answers 200 with duplicate: true) and applied by a job. 404 when the server has no Stripe. Bodies up to 1 MB.",
      },
    },
    async (request) => {
      const { billing } = app.config;
      if (billing.provider !== "stripe") throw httpError(404, "not_found", "Stripe is not configured on this server");
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers[STRIPE_SIGNATURE_HEADER];
      const check = verifyStripeSignature(
        billing.webhookSecret,
        raw,
        typeof signature === "string" ? signature : undefined,
      );
      if (!check.ok) throw httpError(400, "invalid_signature", check.reason);
      let body: unknown;
      try {
        body = JSON.parse(raw.toString("utf8"));
      } catch {
        throw httpError(400, "invalid_request", "The body is not JSON");
      }
      const event = stripeEventSchema.safeParse(body);
      if (!event.success) throw httpError(400, "invalid_request", "Not a Stripe event");
      const stored = await receiveStripeEvent({ db: app.db, queue: app.jobs }, event.data);
      request.log.info(
        { stripeEvent: event.data.id, type: event.data.type, duplicate: !stored },
        "Stripe event received",
      );
      return { received: true, duplicate: !stored };
    },
  );
};
