import {
  EMAIL_CHANNEL_LIMITS,
  emailChannelCreateSchema,
  emailChannelListSchema,
  emailChannelPatchSchema,
  emailChannelSchema,
} from "@foreman/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { companyOf, managerOf } from "#server/plugins/company-scope.ts";
import { errorResponses } from "#server/plugins/openapi.ts";
import {
  createEmailChannel,
  type EmailChannelWriteContext,
  editEmailChannel,
  getEmailChannels,
  removeEmailChannel,
} from "./email-channels.service.ts";

const tags = ["email"];
const params = z.object({ id: z.string() });
const channelReplySchema = z.object({ emailChannel: emailChannelSchema });

/** Staff's side of the email channel: the company's channels and their inbound addresses (company-scoped). */
export const emailChannelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { inboundDomain } = app.config.email;
  const writer = (request: FastifyRequest): EmailChannelWriteContext => ({
    db: app.db,
    companyId: managerOf(request).id,
    userId: request.user!.id,
    inboundDomain,
  });

  app.get(
    "/app/email_channels.json",
    {
      schema: {
        tags,
        summary: "The company's email channels, newest first",
        description:
          "Each with its inbound address (<local>@EMAIL_INBOUND_DOMAIN, where the company forwards its own address), the address replies come from (from_address: the one staff set, else the inbound address; custom_from_address says which), who answers, whether it is on and how many conversations came through it. Every member may read it.",
        response: { 200: emailChannelListSchema },
      },
    },
    async (request) => getEmailChannels({ db: app.db, companyId: companyOf(request).id, inboundDomain }),
  );

  app.post(
    "/app/email_channels.json",
    {
      schema: {
        tags,
        summary: "Open an email channel (owners and admins)",
        description: `name; from_address (the company's own address replies come from; null or left out: the inbound address); ai_employee_id or department_id, one of the two (one of the company's: 422 otherwise; a department is answered by its first active AI employee at the time). The inbound address is generated: the company's name and six random characters. At most ${EMAIL_CHANNEL_LIMITS.perCompany} channels a company (422 too_many_email_channels). Answers 201 with the channel.`,
        body: emailChannelCreateSchema,
        response: { 201: channelReplySchema, ...errorResponses(403, 422) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ emailChannel: await createEmailChannel(writer(request), request.body) }),
  );

  app.patch(
    "/app/email_channels/:id.json",
    {
      schema: {
        tags,
        summary: "Edit an email channel (owners and admins)",
        description:
          "Any of name, from_address (null: replies come from the inbound address again), ai_employee_id, department_id and enabled (a switched-off channel's address takes no mail). Giving ai_employee_id clears department_id and the other way round. The inbound address never changes. Another company's channel is a 404.",
        params,
        body: emailChannelPatchSchema,
        response: { 200: channelReplySchema, ...errorResponses(403, 404, 422) },
      },
    },
    async (request) => ({ emailChannel: await editEmailChannel(writer(request), request.params.id, request.body) }),
  );

  app.delete(
    "/app/email_channels/:id.json",
    {
      schema: {
        tags,
        summary: "Remove an email channel (owners and admins)",
        description:
          "Its inbound address stops taking mail at once; its conversations stay in the inbox. 204; another company's channel is a 404.",
        params,
        response: { 204: z.null(), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      await removeEmailChannel(writer(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
