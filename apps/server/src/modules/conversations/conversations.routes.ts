import multipart from "@fastify/multipart";
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENTS_PER_MESSAGE_MAX,
  conversationDetailSchema,
  conversationsPageSchema,
  conversationsQuerySchema,
  MESSAGE_SEARCH_MAX_LENGTH,
  MESSAGE_SEARCH_PER_PAGE,
  MESSAGE_SEARCH_PER_PAGE_MAX,
  messageSchema,
  messageSearchPageSchema,
  messageSearchQuerySchema,
  messagesPageSchema,
  messagesQuerySchema,
  sendMessageBodySchema,
} from "@foreman/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { optionalPeriodOf } from "#server/lib/period-query.ts";
import { companyOf } from "#server/plugins/company-scope.ts";
import { errorResponses } from "#server/plugins/openapi.ts";
import { getConversation, getConversationsPage } from "./conversations.service.ts";
import { fromJsonBody, fromMultipart, JSON_MESSAGE_BODY_LIMIT } from "./message-input.ts";
import { getMessageSearchPage } from "./message-search.service.ts";
import { getMessagesPage, sendStaffMessage } from "./messages.service.ts";

const MB = ATTACHMENT_MAX_BYTES / 1024 / 1024;

export const conversationsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only these routes take multipart bodies (staff replies with files); the rest of the API refuses them.
  await app.register(multipart);

  app.get(
    "/app/conversations.json",
    {
      // Answered from memory until the company's data changes (plugins/answer-cache.ts).
      config: { cachedAnswer: true },
      schema: {
        tags: ["conversations"],
        summary: "The company's conversations, newest activity first, with the total the filters match",
        description:
          "Filters: stage (the lead's), channel, status, ai_employee_id, q (the customer's name or organization or the lead's need, case-insensitive; or the display id, `42` or `#42`; at most 100 characters). No date filter by default (the inbox shows recent conversations); relative_date or both q[created_at_gteq] and q[created_at_lteq] keep the conversations whose last activity falls in that period. page, per_page ≤ 100 (default 50). Each row carries its customer, lead, AI employee and last message.",
        querystring: conversationsQuerySchema,
        response: { 200: conversationsPageSchema },
      },
    },
    async (request) => {
      const query = request.query;
      return getConversationsPage(
        app.db,
        {
          companyId: companyOf(request).id,
          stage: query.stage,
          channel: query.channel,
          status: query.status,
          aiEmployeeId: query.aiEmployeeId,
          q: query.q || undefined,
          period: optionalPeriodOf(query),
        },
        { page: query.page, perPage: query.perPage },
      );
    },
  );

  app.get(
    "/app/conversations/:id.json",
    {
      schema: {
        tags: ["conversations"],
        summary: "One conversation with its customer, lead, quotes, AI employee and who handles it",
        description: "Another company's conversation, an unknown id and a malformed one answer the same 404.",
        params: z.object({ id: z.string() }),
        response: { 200: conversationDetailSchema },
      },
    },
    async (request) => getConversation(app.db, companyOf(request).id, request.params.id),
  );

  app.get(
    "/app/conversations/:id/messages.json",
    {
      schema: {
        tags: ["conversations"],
        summary: "A page of a conversation's messages (newest page first, each page oldest → newest)",
        description:
          "limit ≤ 100 (default 50). `next_before` is the cursor of the page before this one (pass it as `before`), null when the page reaches the first message. A malformed cursor is a 400; another company's or an unknown conversation a 404.",
        params: z.object({ id: z.string() }),
        querystring: messagesQuerySchema,
        response: { 200: messagesPageSchema },
      },
    },
    async (request) => getMessagesPage(app.db, companyOf(request).id, request.params.id, request.query),
  );

  app.get(
    "/app/messages/search.json",
    {
      schema: {
        tags: ["conversations"],
        summary: "Full-text search over the company's messages, newest first, each with a snippet",
        description: `q: 1–${MESSAGE_SEARCH_MAX_LENGTH} characters (trimmed; a 400 otherwise), read like a web search box: words that must all appear (whole words, any case, as written: no stemming), "a phrase" in quotes, \`or\` between alternatives, \`-word\` to leave one out. Each hit carries its conversation (id, display id, channel, customer), the sender kind and time, and a snippet: plain text around the first match with the matches as offsets (\`highlights\`, UTF-16 units), never HTML. Playground conversations are left out. page, per_page ≤ ${MESSAGE_SEARCH_PER_PAGE_MAX} (default ${MESSAGE_SEARCH_PER_PAGE}); no total, \`has_more\` says whether a next page exists.`,
        querystring: messageSearchQuerySchema,
        response: { 200: messageSearchPageSchema },
      },
    },
    async (request) => getMessageSearchPage(app.db, companyOf(request).id, request.query),
  );

  app.post(
    "/app/conversations/:id/messages.json",
    {
      bodyLimit: JSON_MESSAGE_BODY_LIMIT,
      // A multipart body is read in the handler; its absent JSON body must not fail validation first.
      attachValidation: true,
      schema: {
        tags: ["conversations"],
        summary: "Send a staff message into the conversation, taking it over from the AI employee",
        description: `JSON \`{content, attachments?: [{file_name, content_type, data (base64)}]}\`, or multipart/form-data with a \`content\` field and the files. content: 1–4000 characters (trimmed); at most ${ATTACHMENTS_PER_MESSAGE_MAX} files of at most ${MB} MB each (413 above that), images, PDF or plain text (400 otherwise); nothing is written when any of it is wrong. The sender is the signed-in user; the conversation becomes handled by staff, open, and active as of the message. Announces message.created and conversation.updated on the live event stream. Answers 201 with the message.`,
        params: z.object({ id: z.string() }),
        body: sendMessageBodySchema,
        response: { 201: messageSchema, ...errorResponses(413, 415) },
      },
    },
    async (request, reply) => {
      let input: ReturnType<typeof fromJsonBody>;
      if (request.isMultipart()) {
        input = await fromMultipart(request);
      } else {
        if (request.validationError) throw request.validationError;
        input = fromJsonBody(request.body);
      }
      const message = await sendStaffMessage(
        { db: app.db, events: app.events, queue: app.jobs, outbound: app.outbound },
        {
          companyId: companyOf(request).id,
          conversationId: request.params.id,
          userId: request.user!.id,
          input,
        },
      );
      return reply.code(201).send(message);
    },
  );
};
