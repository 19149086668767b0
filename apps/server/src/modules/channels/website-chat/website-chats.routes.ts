import {
  websiteChatCreateSchema,
  websiteChatListSchema,
  websiteChatPatchSchema,
  websiteChatReplySchema,
} from "@foreman/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { companyOf, managerOf } from "#server/plugins/company-scope.ts";
import { errorResponses } from "#server/plugins/openapi.ts";
import { ownOrigin } from "./website-chats.origins.ts";
import {
  createWebsiteChat,
  editWebsiteChat,
  getWebsiteChats,
  removeWebsiteChat,
  type WebsiteChatWriteContext,
} from "./website-chats.service.ts";

const tags = ["channels"];
const params = z.object({ id: z.string() });

/** Staff's side of the website chat: the company's chats and their snippets (company-scoped). */
export const websiteChatsRoutes: FastifyPluginAsyncZod = async (app) => {
  const writer = (request: FastifyRequest): WebsiteChatWriteContext => ({
    db: app.db,
    companyId: managerOf(request).id,
    userId: request.user!.id,
  });
  const origin = (request: FastifyRequest) => ownOrigin(app.config, request);

  app.get(
    "/app/website_chats.json",
    {
      schema: {
        tags,
        summary: "The company's website chats, oldest first",
        description:
          "Each with its public key, the snippet to paste (a script tag loading /widget.js) and its demo page on this server, who answers, the allowed websites and how many conversations came through it.",
        response: { 200: websiteChatListSchema },
      },
    },
    async (request) => getWebsiteChats(app.db, companyOf(request).id, origin(request)),
  );

  app.post(
    "/app/website_chats.json",
    {
      schema: {
        tags,
        summary: "Open a website chat (owners and admins)",
        description:
          "name; ai_employee_id or department_id (one of the company's: 422 otherwise; a department is answered by its first active AI employee at the time); allowed_origins (websites like https://shop.example; this server's own origin is always allowed, for the demo page); greeting; color (#RRGGBB). Answers 201 with the chat, its key and snippet.",
        body: websiteChatCreateSchema,
        response: { 201: websiteChatReplySchema, ...errorResponses(403, 422) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ websiteChat: await createWebsiteChat(writer(request), request.body, origin(request)) }),
  );

  app.patch(
    "/app/website_chats/:id.json",
    {
      schema: {
        tags,
        summary: "Edit a website chat (owners and admins)",
        description:
          "Any of the fields, and enabled (a disabled chat opens no sessions: its widget says the chat is not available). Giving ai_employee_id clears department_id and the other way round. Another company's chat is a 404.",
        params,
        body: websiteChatPatchSchema,
        response: { 200: websiteChatReplySchema, ...errorResponses(403, 404, 422) },
      },
    },
    async (request) => ({
      websiteChat: await editWebsiteChat(writer(request), request.params.id, request.body, origin(request)),
    }),
  );

  app.delete(
    "/app/website_chats/:id.json",
    {
      schema: {
        tags,
        summary: "Remove a website chat (owners and admins)",
        description:
          "Its widget stops at once and its visitors' sessions end; its conversations stay in the inbox. 204; another company's chat is a 404.",
        params,
        response: { 204: z.null(), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      await removeWebsiteChat(writer(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
