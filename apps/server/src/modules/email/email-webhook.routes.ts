import { INBOUND_MAIL_LIMITS } from "@foreman/contract";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import { httpError } from "#server/lib/http-error.ts";
import { errorResponses } from "#server/plugins/openapi.ts";
import { takeInboundMail } from "./intake.ts";
import { RECIPIENT_HEADER, webhookRecipients } from "./webhook-recipients.ts";
import { SIGNATURE_HEADER, signatureMatches, TIMESTAMP_HEADER, timestampIsFresh } from "./webhook-signature.ts";

const webhookResultSchema = z.object({
  /** Companies that stored the mail now. */
  accepted: z.number().int(),
  /** True when every company it reaches already had its Message-ID (a forwarder's retry). */
  duplicate: z.boolean(),
});

const headerOf = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === "string" && value.trim() ? value.trim() : null;
};

/**
 * The second road in for mail, for hosts where port 25 is out of reach: a forwarder (an email worker,
 * a provider's inbound route) posts each message as its raw RFC 822 bytes, signed with
 * EMAIL_WEBHOOK_SECRET. The body is kept as bytes so the signature covers exactly what was sent; the
 * mail goes through the same intake as the SMTP listener's (intake.ts), so nothing is parsed here.
 */
export const emailWebhookRoutes: FastifyPluginAsync = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "*",
    { parseAs: "buffer", bodyLimit: INBOUND_MAIL_LIMITS.maxBytes },
    (_request, body, done) => done(null, body),
  );

  app.post<{ Body: Buffer }>(
    "/webhooks/email",
    {
      bodyLimit: INBOUND_MAIL_LIMITS.maxBytes,
      config: { keepWireCase: true },
      // Refused before the body is read: an unconfigured server, a delivery without its headers, or one
      // whose timestamp is stale never costs the upload of up to 25 MB.
      onRequest: async (request) => {
        if (!app.email.config.webhookSecret)
          throw httpError(404, "not_found", "Inbound mail by webhook is not configured on this server");
        const timestamp = headerOf(request, TIMESTAMP_HEADER);
        if (!timestamp || !headerOf(request, SIGNATURE_HEADER))
          throw httpError(401, "unauthorized", "X-Foreman-Timestamp and X-Foreman-Signature are required");
        if (!timestampIsFresh(timestamp))
          throw httpError(403, "forbidden", "X-Foreman-Timestamp is not within 5 minutes of the server's clock");
      },
      schema: {
        tags: ["email"],
        summary: "Inbound mail from a forwarder, as the raw message",
        description:
          "The body is the whole raw RFC 822 message (any media type, up to 25 MB; larger is a 413). Signed: X-Foreman-Timestamp is unix seconds and X-Foreman-Signature is `sha256=` and the hex HMAC-SHA256, keyed with EMAIL_WEBHOOK_SECRET, of the timestamp, a dot, the X-Foreman-Recipient value (empty when not sent), a dot and the raw body. No signature is a 401; a wrong one, or a timestamp more than 5 minutes away, a 403; nothing is stored then. X-Foreman-Recipient names the envelope recipients (comma-separated); without it the mail's Delivered-To, X-Original-To, To and Cc headers are read. A mail is stored once per company whose channel or conversation reply address it names (202) and parsed later; a company that already has its Message-ID answers 200 with `duplicate: true`; no address of ours is a 422 `unknown_recipient`. 404 while EMAIL_WEBHOOK_SECRET is unset.",
        response: {
          200: webhookResultSchema,
          202: webhookResultSchema,
          ...errorResponses(400, 401, 403, 404, 413, 422),
        },
      },
    },
    async (request, reply) => {
      const { db, queue, config } = app.email;
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const timestamp = headerOf(request, TIMESTAMP_HEADER)!;
      const named = headerOf(request, RECIPIENT_HEADER) ?? "";
      if (!signatureMatches(config.webhookSecret!, timestamp, named, raw, headerOf(request, SIGNATURE_HEADER)!))
        throw httpError(
          403,
          "forbidden",
          "X-Foreman-Signature does not match the timestamp, the recipients and the body",
        );
      if (raw.byteLength === 0) throw httpError(400, "invalid_request", "The body must be the raw message (RFC 822)");

      const recipients = webhookRecipients(named || undefined, raw, config.inboundDomain);
      const result =
        recipients.length === 0
          ? { accepted: 0, duplicates: 0, unknown: [] }
          : await takeInboundMail(
              { db, queue, inboundDomain: config.inboundDomain },
              { raw, recipients, envelopeFrom: null, transport: "webhook" },
            );
      const { accepted, duplicates } = result;
      request.log.debug({ email: { bytes: raw.byteLength, accepted, duplicates } }, "Email: webhook mail taken");
      if (accepted > 0) return reply.code(202).send({ accepted, duplicate: false });
      if (duplicates > 0) return reply.code(200).send({ accepted: 0, duplicate: true });
      throw httpError(
        422,
        "unknown_recipient",
        "No recipient is an enabled email channel's address or a conversation's reply address on this server",
      );
    },
  );
};
