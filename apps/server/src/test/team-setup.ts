import type { CompanyRole } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { expect } from "vitest";
import type { Db } from "#server/db/client.ts";
import type { TestApp } from "./app.ts";
import { addMember, apiHeaders, createUser, issueTokenFor, type TestUser } from "./fixtures.ts";
import type { SmtpSink } from "./smtp-sink.ts";
import { rows } from "./tasks-setup.ts";

// Test support for the team endpoints: users with a role in a company, the calls, and the invitation
// mails as they arrive at the loopback SMTP sink (the only place an invitation's token exists).

export type Headers = Record<string, string>;
export type RoleUser = { user: TestUser; headers: Headers; token: string };

/** A new user with `role` in the company, signed in (a token issued directly). */
export async function userWithRole(
  db: Db,
  companyId: string,
  role: CompanyRole,
  overrides: Parameters<typeof createUser>[1] = {},
): Promise<RoleUser> {
  const user = await createUser(db, overrides);
  await addMember(db, user.id, companyId, role);
  const token = (await issueTokenFor(db, user.id)).accessToken;
  return { user, token, headers: apiHeaders(token, companyId) };
}

type Method = "GET" | "POST" | "PATCH" | "DELETE";
export const call = (t: TestApp, method: Method, url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

export const invite = (t: TestApp, headers: Headers, email: string, role: CompanyRole = "member") =>
  call(t, "POST", "/app/invitations.json", headers, { email, role });

export type InvitationMail = { from: string; to: string; subject: string; text: string; link: string; token: string };

/** The next invitation mail to `to` after the sink's first `after` mails: waits for its delivery. */
export async function invitationMail(sink: SmtpSink, to: string, after: number): Promise<InvitationMail> {
  await expect.poll(() => sink.mails.slice(after).some((mail) => mail.to.includes(to)), { timeout: 15_000 }).toBe(true);
  const sunk = sink.mails.slice(after).find((mail) => mail.to.includes(to))!;
  const parsed = await simpleParser(sunk.raw);
  const text = parsed.text ?? "";
  const link = /https?:\/\/\S+\/accept_invitation\?token=[\w-]+/.exec(text)?.[0];
  if (!link) throw new Error(`no invitation link in the mail:\n${text}`);
  return {
    from: sunk.from,
    to,
    subject: parsed.subject ?? "",
    text,
    link,
    token: new URL(link).searchParams.get("token")!,
  };
}

/** Invites `email` and answers the invitation's id and the token its mail carries. */
export async function inviteAndRead(
  t: TestApp,
  sink: SmtpSink,
  headers: Headers,
  email: string,
  role: CompanyRole = "member",
) {
  const before = sink.mails.length;
  const response = await invite(t, headers, email, role);
  if (response.statusCode !== 201) throw new Error(`invite failed: ${response.statusCode} ${response.body}`);
  const mail = await invitationMail(sink, email.trim().toLowerCase(), before);
  return { id: response.json<{ id: string }>().id, token: mail.token, mail };
}

export async function roleOf(db: Db, companyId: string, userId: string): Promise<string | null> {
  const [row] = await rows(
    db,
    sql`select role from memberships where company_id = ${companyId} and user_id = ${userId}`,
  );
  return (row?.role as string | undefined) ?? null;
}

export async function activitiesOf(db: Db, companyId: string, kind: string) {
  return rows(
    db,
    sql`select actor_user_id, subject_type, subject_id, summary, details from activities
        where company_id = ${companyId} and kind = ${kind} order by created_at, id`,
  );
}
