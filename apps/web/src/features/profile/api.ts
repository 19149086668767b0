import type { EmailChangeForm, PasswordChangeForm, Profile, ProfilePatch, UserSession } from "@foreman/contract";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import { meQueryKey } from "#web/lib/me.ts";

// The signed-in user's own account: name, sign-in email, password and sessions. Not company-scoped.

const profileKeys = {
  profile: ["profile"] as const,
  sessions: ["profile", "sessions"] as const,
};

/** `GET /app/profile.json`. */
export function profileQueryOptions() {
  return queryOptions({
    queryKey: profileKeys.profile,
    queryFn: ({ signal }) => apiRequest<Profile>("/app/profile.json", { signal }),
  });
}

/** Puts the server's answer in the cache and has the shell read the user again. */
async function settle(queryClient: QueryClient, profile: Profile): Promise<Profile> {
  queryClient.setQueryData(profileKeys.profile, profile);
  await queryClient.invalidateQueries({ queryKey: meQueryKey });
  return profile;
}

/** `PATCH /app/profile.json`: first and last name. */
export async function updateProfile(queryClient: QueryClient, patch: ProfilePatch): Promise<Profile> {
  const profile = await apiRequest<Profile>("/app/profile.json", { method: "PATCH", body: patch });
  return settle(queryClient, profile);
}

/** `POST /app/profile/email_change.json` → 202 with `pendingEmail` set; the address changes once its link is opened. */
export async function requestEmailChange(queryClient: QueryClient, form: EmailChangeForm): Promise<Profile> {
  const profile = await apiRequest<Profile>("/app/profile/email_change.json", { method: "POST", body: form });
  return settle(queryClient, profile);
}

/** `PUT /app/profile/password.json`: every other session is signed out, so the list is read again. */
export async function changePassword(queryClient: QueryClient, form: PasswordChangeForm): Promise<Profile> {
  const profile = await apiRequest<Profile>("/app/profile/password.json", { method: "PUT", body: form });
  queryClient.setQueryData(profileKeys.profile, profile);
  await queryClient.invalidateQueries({ queryKey: profileKeys.sessions });
  return profile;
}

/** `GET /app/profile/sessions.json`. */
export function sessionsQueryOptions() {
  return queryOptions({
    queryKey: profileKeys.sessions,
    queryFn: async ({ signal }) => {
      const { sessions } = await apiRequest<{ sessions: UserSession[] }>("/app/profile/sessions.json", { signal });
      return sessions;
    },
  });
}

/** `DELETE /app/profile/sessions/{id}.json`: that sign-in ends. */
export async function revokeSession(queryClient: QueryClient, id: string): Promise<void> {
  await apiRequest<void>(`/app/profile/sessions/${encodeURIComponent(id)}.json`, { method: "DELETE" });
  await queryClient.invalidateQueries({ queryKey: profileKeys.sessions });
}

/** `DELETE /app/profile/sessions.json`: every sign-in but this one ends; answers how many. */
export async function revokeOtherSessions(queryClient: QueryClient): Promise<number> {
  const { revoked } = await apiRequest<{ revoked: number }>("/app/profile/sessions.json", { method: "DELETE" });
  await queryClient.invalidateQueries({ queryKey: profileKeys.sessions });
  return revoked;
}
