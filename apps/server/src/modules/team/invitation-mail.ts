import type { CompanyRole } from "@foreman/contract";
import type { Config } from "#server/config.ts";
import { appLink } from "../auth/index.ts";

// The invitation mail: who invites, to which company, as what, the single-use link and until when it
// works. The link is built from PUBLIC_URL, never from the request's Host.

const ROLE_PHRASES: Record<CompanyRole, { named: string; can: string }> = {
  owner: { named: "an owner", can: "Owners manage everything, including the team and who else is an owner." },
  admin: { named: "an admin", can: "Admins manage the team, the AI employees, the channels and the settings." },
  member: { named: "a member", can: "Members work the conversations and the action items." },
};

const expiryFormat = new Intl.DateTimeFormat("en", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });

export type InvitationMailFacts = {
  inviterName: string;
  companyName: string;
  role: CompanyRole;
  token: string;
  expiresAt: Date;
};

export function invitationMail(config: Pick<Config, "appUrl">, facts: InvitationMailFacts) {
  const { inviterName, companyName, role, token, expiresAt } = facts;
  const phrase = ROLE_PHRASES[role];
  return {
    subject: `${inviterName} invited you to ${companyName} on Foreman`,
    text: [
      `${inviterName} invited you to join ${companyName} on Foreman as ${phrase.named}.`,
      phrase.can,
      "",
      "Accept the invitation:",
      appLink(config, "/accept_invitation", { token }),
      "",
      `The link works once, until ${expiryFormat.format(expiresAt)} UTC.`,
      "If you did not expect this invitation, you can ignore this mail.",
    ].join("\n"),
  };
}
