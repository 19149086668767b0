import {
  INVITATION_TTL_DAYS,
  INVITATIONS_PER_HOUR,
  invitationCreateSchema,
  invitationListSchema,
  invitationSchema,
  memberListSchema,
  memberPatchSchema,
  memberSchema,
} from "@foreman/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { companyOf, managerOf } from "#server/plugins/company-scope.ts";
import { errorResponses } from "#server/plugins/openapi.ts";
import {
  getInvitations,
  INVITATIONS_LISTED_DAYS,
  type InvitationContext,
  inviteMember,
  resendInvitation,
  revokeInvitation,
} from "./invitations.service.ts";
import { changeMemberRole, getMembers, removeMember, type TeamContext } from "./members.service.ts";

const tags = ["team"];
const params = z.object({ id: z.string() });

/** Settings → Team: the company's members and invitations (company-scoped). */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  // Owners and admins only; the service checks the role again inside its transaction.
  const manager = (request: FastifyRequest): TeamContext => ({
    db: app.db,
    events: app.events,
    companyId: managerOf(request).id,
    userId: request.user!.id,
  });
  const sender = (request: FastifyRequest): InvitationContext => ({
    db: app.db,
    queue: app.jobs,
    config: app.config,
    companyId: managerOf(request).id,
    userId: request.user!.id,
    now: new Date(),
  });

  app.get(
    "/app/members.json",
    {
      schema: {
        tags,
        summary: "The company's members with their roles (every member may read it)",
        description:
          "Owners first, then admins, then members, each by name. id is the user's id (PATCH/DELETE /app/members/{id}.json); you marks the caller; two_factor_enabled says whether they sign in with a second factor.",
        response: { 200: memberListSchema },
      },
    },
    async (request) => getMembers(app.db, companyOf(request).id, request.user!.id),
  );

  app.patch(
    "/app/members/:id.json",
    {
      schema: {
        tags,
        summary: "Change a member's role (owners and admins)",
        description:
          "role: owner, admin or member. Only an owner gives, changes or takes away the owner role (403 otherwise); the last owner cannot be demoted (409 last_owner). Their access changes at once; the change is in the activity log. Another company's member, or an id that is not one, is a 404. Answers the member.",
        params,
        body: memberPatchSchema,
        response: { 200: memberSchema, ...errorResponses(403, 404, 409) },
      },
    },
    async (request) => changeMemberRole(manager(request), request.params.id, request.body.role),
  );

  app.delete(
    "/app/members/:id.json",
    {
      schema: {
        tags,
        summary: "Remove a member from the company (owners and admins)",
        description:
          "Their next call for this company is refused and their live event stream for it closes; their other companies are untouched. Admins cannot remove owners (403); the last owner cannot be removed (409 last_owner), not even by themselves. 204; in the activity log.",
        params,
        response: { 204: z.null(), ...errorResponses(403, 404, 409) },
      },
    },
    async (request, reply) => {
      await removeMember(manager(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/app/invitations.json",
    {
      schema: {
        tags,
        summary: "The company's invitations (owners and admins)",
        description: `The open ones and those that ended (accepted, revoked or expired) in the last ${INVITATIONS_LISTED_DAYS} days, newest first, each with its state: pending, accepted, revoked or expired. Owners and admins only: a member gets 403 (the addresses are for those who manage the team).`,
        response: { 200: invitationListSchema, ...errorResponses(403) },
      },
    },
    async (request) => getInvitations(app.db, managerOf(request).id, new Date()),
  );

  app.post(
    "/app/invitations.json",
    {
      schema: {
        tags,
        summary: "Invite someone by email with a role (owners and admins)",
        description: `email, role (owner, admin or member; only an owner invites an owner: 403). Mails a single-use link valid ${INVITATION_TTL_DAYS} days (/accept_invitation?token=…). An address that is already a member is a 422 on email; an address with an open invitation gets it again with a new link (the old link stops working) and the role asked for now. At most ${INVITATIONS_PER_HOUR} invitation mails (first or again) an hour per company: 429 too_many_requests with Retry-After. Answers 201 with the invitation.`,
        body: invitationCreateSchema,
        response: { 201: invitationSchema, ...errorResponses(403, 422, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await inviteMember(sender(request), request.body)),
  );

  app.post(
    "/app/invitations/:id/resend.json",
    {
      schema: {
        tags,
        summary: "Send an invitation again with a new link (owners and admins)",
        description: `For a pending or expired invitation: a new link valid ${INVITATION_TTL_DAYS} days is mailed and the old one stops working. An accepted or revoked one is a 409 invitation_closed; an owner's invitation is resent only by an owner (403). Counts against the ${INVITATIONS_PER_HOUR} an hour (429). Answers the invitation.`,
        params,
        response: { 200: invitationSchema, ...errorResponses(403, 404, 409, 429) },
      },
    },
    async (request) => resendInvitation(sender(request), request.params.id),
  );

  app.delete(
    "/app/invitations/:id.json",
    {
      schema: {
        tags,
        summary: "Revoke an invitation (owners and admins)",
        description:
          "Its link stops working at once. An accepted invitation is a 409 invitation_closed (remove the member instead); revoking a revoked one changes nothing. 204; in the activity log.",
        params,
        response: { 204: z.null(), ...errorResponses(403, 404, 409) },
      },
    },
    async (request, reply) => {
      await revokeInvitation(sender(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
