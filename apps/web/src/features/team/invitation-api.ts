import type { Company } from "@foreman/contract";
import { apiRequest } from "#web/lib/api-client.ts";

// Apart from api.ts, whose query options need TanStack Query: the invitation page also opens on a cold
// load without it (src/standalone/accept_invitation.tsx).

/** `POST /app/invitations/accept.json` (signed in, with the invited address): the company joined. */
export async function acceptInvitation(token: string): Promise<Company> {
  const { company } = await apiRequest<{ company: Company }>("/app/invitations/accept.json", {
    method: "POST",
    body: { token },
  });
  return company;
}
