import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { createOutboundHttp } from "#server/lib/outbound-http/outbound-http.ts";
import { webhookDeliveryHandler } from "./api/webhook-delivery.ts";
import { outboundChannels } from "./dispatch.ts";

/**
 * The channels' way out: the app's `outbound` port (dispatch.ts), used by AI and staff replies alike,
 * and the job that posts messages to channel API webhooks.
 */
export const channelsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate("outbound", outboundChannels(app.jobs, { inboundDomain: app.config.email.inboundDomain }));
    app.jobs.handle(
      "webhook_delivery",
      webhookDeliveryHandler({
        db: app.db,
        outbound: createOutboundHttp({ allowPrivate: app.config.allowPrivateWebhooks }),
        sealingKey: app.config.encryptionKey,
      }),
    );
  },
  { name: "foreman-channels", dependencies: ["foreman-jobs"] },
);
