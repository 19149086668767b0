import type { CompanyRole, Invitation, InvitationCreate, Member } from "@foreman/contract";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import { meQueryKey } from "#web/lib/me.ts";

// Settings → Team: the company's members and its invitations. An invitation link's page has its own
// calls (invitation-api.ts, lib/invitation-lookup.ts).

const scoped = (companyId: string) => ({ companyScoped: true as const, companyId });
const memberPath = (id: string) => `/app/members/${encodeURIComponent(id)}.json`;
const invitationPath = (id: string) => `/app/invitations/${encodeURIComponent(id)}`;

export const teamKeys = {
  members: (companyId: string) => ["members", companyId] as const,
  invitations: (companyId: string) => ["invitations", companyId] as const,
};

/** `GET /app/members.json`: owners, then admins, then members; everyone in the company reads it. */
export function membersQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: teamKeys.members(companyId),
    queryFn: ({ signal }) => apiRequest<{ members: Member[] }>("/app/members.json", { ...scoped(companyId), signal }),
  });
}

/** `GET /app/invitations.json` (owners and admins): the open ones and the last 30 days' others. */
export function invitationsQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: teamKeys.invitations(companyId),
    queryFn: ({ signal }) =>
      apiRequest<{ invitations: Invitation[] }>("/app/invitations.json", { ...scoped(companyId), signal }),
  });
}

/** `PATCH /app/members/{id}.json` (owners and admins; only owners touch the owner role). */
export function changeMemberRole(companyId: string, userId: string, role: CompanyRole) {
  return apiRequest<unknown>(memberPath(userId), { ...scoped(companyId), method: "PATCH", body: { role } });
}

/** `DELETE /app/members/{id}.json`: their access to the company ends at once. */
export function removeMember(companyId: string, userId: string) {
  return apiRequest<void>(memberPath(userId), { ...scoped(companyId), method: "DELETE" });
}

/** `POST /app/invitations.json`: mails a link valid for 7 days (an open invitation to the address is sent anew). */
export function createInvitation(companyId: string, input: InvitationCreate) {
  return apiRequest<unknown>("/app/invitations.json", { ...scoped(companyId), method: "POST", body: input });
}

/** `POST /app/invitations/{id}/resend.json`: a new link for 7 more days; the old one stops working. */
export function resendInvitation(companyId: string, id: string) {
  return apiRequest<unknown>(`${invitationPath(id)}/resend.json`, { ...scoped(companyId), method: "POST" });
}

/** `DELETE /app/invitations/{id}.json`: the link stops working. */
export function revokeInvitation(companyId: string, id: string) {
  return apiRequest<void>(`${invitationPath(id)}.json`, { ...scoped(companyId), method: "DELETE" });
}

/** The user's companies and roles (after leaving one). */
export const invalidateOwnCompanies = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: meQueryKey });

export const invalidateMembers = (queryClient: QueryClient, companyId: string, { ownMembership = false } = {}) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: teamKeys.members(companyId) }),
    ownMembership ? invalidateOwnCompanies(queryClient) : null,
  ]);

export const invalidateInvitations = (queryClient: QueryClient, companyId: string) =>
  queryClient.invalidateQueries({ queryKey: teamKeys.invitations(companyId) });
