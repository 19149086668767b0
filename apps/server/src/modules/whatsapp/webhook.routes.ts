import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyPluginAsync } from "fastify";
import { httpError } from "#server/lib/http-error.ts";
import { applyWebhook } from "./webhook.service.ts";
import { readWebhook } from "./webhook-payload.ts";

/** Meta's deliveries are at most 3 MB; a little room above that. */
export const WEBHOOK_MAX_BYTES = 4 * 1024 * 1024;
export const SIGNATURE_HEADER = "x-hub-signature-256";

/** `sha256=<hex>` of HMAC-SHA256 over the raw body with the app secret: what Meta sends and we check. */
export function signatureOf(appSecret: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac("sha256", appSecret).update(rawBody).digest("hex")}`;
}

function signatureMatches(appSecret: string, rawBody: Buffer, given: string): boolean {
  const expected = Buffer.from(signatureOf(appSecret, rawBody));
  const actual = Buffer.from(given.trim().toLowerCase());
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * What Meta calls: the verify handshake (GET) and the signed deliveries (POST). Outside the company
 * scope: a delivery finds its company by the number it is for. The body is read as bytes, so the
 * signature is checked over exactly what Meta signed, before anything is parsed or stored.
 */
export const whatsappWebhookRoutes: FastifyPluginAsync = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: WEBHOOK_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  const settings = () => {
    const { config } = app.whatsapp;
    if (!config.configured || !config.appSecret || !config.verifyToken)
      throw httpError(404, "not_found", "WhatsApp is not configured on this server");
    return { appSecret: config.appSecret, verifyToken: config.verifyToken };
  };

  app.get<{ Querystring: Record<string, string | undefined> }>(
    "/webhooks/whatsapp",
    {
      config: { keepWireCase: true },
      schema: {
        tags: ["whatsapp"],
        summary: "Meta's webhook verification handshake",
        description:
          "hub.mode=subscribe with hub.verify_token equal to WHATSAPP_VERIFY_TOKEN answers hub.challenge as plain text; anything else is a 403.",
      },
    },
    async (request, reply) => {
      const { verifyToken } = settings();
      const query = request.query;
      const given = Buffer.from(query["hub.verify_token"] ?? "");
      const expected = Buffer.from(verifyToken);
      const tokenOk = given.length === expected.length && timingSafeEqual(given, expected);
      if (query["hub.mode"] !== "subscribe" || !tokenOk || !query["hub.challenge"])
        throw httpError(403, "forbidden", "The verify token does not match WHATSAPP_VERIFY_TOKEN");
      return reply.type("text/plain; charset=utf-8").send(query["hub.challenge"]);
    },
  );

  app.post<{ Body: Buffer }>(
    "/webhooks/whatsapp",
    {
      bodyLimit: WEBHOOK_MAX_BYTES,
      // Meta delivers in bursts from a few addresses: its own bucket in lib/rate-limit-buckets.ts.
      config: { keepWireCase: true },
      schema: {
        tags: ["whatsapp"],
        summary: "Meta's WhatsApp deliveries: messages, statuses, template reviews",
        description:
          "Signed with X-Hub-Signature-256 (HMAC-SHA256 of the raw body with the app secret): none is a 401, a wrong one a 403, and nothing is stored. Messages are stored once per WhatsApp id (Meta retries for days) and handed to the number's AI employee; statuses move a sent message forward only; template reviews update the template. A number no company has connected is ignored with a 200. Bodies up to 4 MB.",
      },
    },
    async (request) => {
      const { appSecret } = settings();
      const signature = request.headers[SIGNATURE_HEADER];
      if (typeof signature !== "string" || signature.length === 0)
        throw httpError(401, "unauthorized", "X-Hub-Signature-256 is required");
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (!signatureMatches(appSecret, raw, signature))
        throw httpError(403, "forbidden", "X-Hub-Signature-256 does not match the body");
      let body: unknown;
      try {
        body = JSON.parse(raw.toString("utf8"));
      } catch {
        throw httpError(400, "invalid_request", "The body is not JSON");
      }
      const changes = readWebhook(body);
      if (!changes) throw httpError(400, "invalid_request", "Not a WhatsApp Business Account webhook");
      const outcome = await applyWebhook(app.whatsapp, changes);
      request.log.info({ whatsapp: outcome }, "WhatsApp webhook applied");
      return { received: true, ...outcome };
    },
  );
};
