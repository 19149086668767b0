import {
  CHANNEL_MESSAGES_SHOWN,
  channelMessageSchema,
  inboundAcceptedSchema,
  inboundMessageSchema,
} from "@foreman/contract";
import { and, desc, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type ApiChannelRow, conversations, messages } from "#server/db/schema/index.ts";
import { httpError } from "#server/lib/http-error.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { errorResponses } from "#server/plugins/openapi.ts";
import { hashToken } from "../../auth/index.ts";
import { findLiveChannelByTokenHash } from "../api-channels.repository.ts";
import { toChannelMessage } from "./channel-message.ts";
import { receiveChannelMessage } from "./inbound.ts";

const tags = ["channel API"];
const security = [{ channelToken: [] }];

declare module "fastify" {
  interface FastifyRequest {
    /** The API channel whose token authenticated the request (`/api/v1`). */
    apiChannel?: ApiChannelRow;
  }
}

/**
 * The channel API: how an outside system reaches an AI employee. Authenticated by the channel's token
 * (`Authorization: Bearer fch_…`), never a staff session; a channel reaches only its own company's
 * conversations, and only those that came through it.
 */
export const channelApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", async (request: FastifyRequest) => {
    const token = /^Bearer[ ]+(\S+)\s*$/i.exec(request.headers.authorization ?? "")?.[1];
    if (!token) throw httpError(401, "unauthorized", "A channel token is required (Authorization: Bearer fch_…)");
    const channel = await findLiveChannelByTokenHash(app.db, hashToken(token));
    if (!channel) throw httpError(401, "unauthorized", "The channel token is invalid or revoked");
    request.apiChannel = channel;
  });

  app.post(
    "/api/v1/messages",
    {
      schema: {
        tags,
        security,
        summary: "Hand a customer's message to the channel's AI employee",
        description:
          "Stores the message and answers 202 at once; the AI employee's reply follows (posted to the channel's webhook, signed, and listed by GET /api/v1/conversations/{id}/messages). One conversation per channel and customer (customer.external_id) until it is resolved. A message_id sent before is not stored or answered again: 202 with duplicate true and the first delivery's ids.",
        body: inboundMessageSchema,
        response: { 202: inboundAcceptedSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const accepted = await receiveChannelMessage(
        { db: app.db, queue: app.jobs, events: app.events },
        request.apiChannel!,
        request.body,
      );
      return reply.code(202).send(accepted);
    },
  );

  app.get(
    "/api/v1/conversations/:id/messages",
    {
      schema: {
        tags,
        security,
        summary: "A channel conversation's messages, oldest first",
        description: `The newest ${CHANNEL_MESSAGES_SHOWN} messages of a conversation that came through this channel: the customer's, the AI employee's replies (reply_to names the message answered) and staff's. 404 for any other conversation.`,
        params: z.object({ id: z.string() }),
        response: { 200: z.object({ messages: z.array(channelMessageSchema) }), ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const channel = request.apiChannel!;
      const { id } = request.params;
      const [conversation] = isUuid(id)
        ? await app.db
            .select({ id: conversations.id })
            .from(conversations)
            .where(
              and(
                eq(conversations.companyId, channel.companyId),
                eq(conversations.apiChannelId, channel.id),
                eq(conversations.id, id),
              ),
            )
        : [];
      if (!conversation) throw httpError(404, "not_found", "Conversation not found");
      const rows = await app.db
        .select()
        .from(messages)
        .where(and(eq(messages.companyId, channel.companyId), eq(messages.conversationId, conversation.id)))
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(CHANNEL_MESSAGES_SHOWN);
      return { messages: rows.reverse().map(toChannelMessage) };
    },
  );
};
