import {
  INVITATION_INVALID,
  INVITATION_OTHER_EMAIL,
  invitationAcceptedSchema,
  invitationPreviewSchema,
  invitationTokenSchema,
} from "@foreman/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { BEARER, errorResponses } from "#server/plugins/openapi.ts";
import { acceptInvitation, lookUpInvitation } from "./invitation-accept.service.ts";

const tags = ["team"];

/** An invitation's link: its page (public, by the token) and its acceptance by the signed-in user. */
export const invitationAcceptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/invitations/lookup.json",
    {
      // Rate-limited as "sign-in" (lib/rate-limit-buckets.ts). A POST so the token stays out of URLs and logs.
      schema: {
        tags,
        summary: "What an invitation link shows before it is accepted (public)",
        description: `token: from the link. The company's name and logo, who invited, the invited address, the role, until when the link works, and whether an account with that address exists (sign in to accept) or not (sign up). A link that is unknown, expired, revoked or used is a 410 invitation_invalid: "${INVITATION_INVALID}"`,
        body: invitationTokenSchema,
        response: { 200: invitationPreviewSchema, ...errorResponses(410, 429) },
      },
    },
    async (request) => lookUpInvitation(app.db, request.body.token, new Date()),
  );

  app.post(
    "/app/invitations/accept.json",
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "Accept an invitation as the signed-in user",
        description: `token: from the link. The user joins the company with the invitation's role (a member already keeps theirs) and the link stops working. The invitation must be for the user's own address: 403 invitation_other_email otherwise ("${INVITATION_OTHER_EMAIL}"); a dead link is a 410 invitation_invalid. Answers the company joined.`,
        security: BEARER,
        body: invitationTokenSchema,
        response: { 200: invitationAcceptedSchema, ...errorResponses(401, 403, 410) },
      },
    },
    async (request) =>
      acceptInvitation({ db: app.db, events: app.events }, request.user!.id, request.body.token, new Date()),
  );
};
