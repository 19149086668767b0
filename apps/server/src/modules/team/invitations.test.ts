import { createHash } from "node:crypto";
import {
  ALREADY_A_MEMBER,
  camelizeKeys,
  INVITATION_TTL_DAYS,
  INVITATIONS_PER_HOUR,
  invitationListSchema,
  invitationSchema,
  MANAGER_ROLE_REQUIRED,
  OWNER_ROLE_REQUIRED,
} from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERASED_MAIL_TEXT } from "#server/modules/mail/mail-send.ts";
import { apiHeaders, createMember, issueTokenFor } from "#server/test/fixtures.ts";
import { type SmtpSink, smtpSink } from "#server/test/smtp-sink.ts";
import { rows, type TasksWorld, tasksWorld } from "#server/test/tasks-setup.ts";
import {
  activitiesOf,
  call,
  type Headers,
  invitationMail,
  invite,
  inviteAndRead,
  userWithRole,
} from "#server/test/team-setup.ts";

// Invitations through the real HTTP layer, the real job queue and a real SMTP server on loopback: the
// mail holds the single-use link, the database only its hash, and the outbox forgets the text once it is
// sent. Who may invite whom, sending again (a new link kills the old one), revoking, the hourly limit,
// and one company never reaching another's invitations.

const DAY_MS = 86_400_000;
let sink: SmtpSink;
let w: TasksWorld;
const logLines: string[] = [];
/** Every token a link carried in this file: none may ever be logged. */
const tokensSeen = new Set<string>();

beforeAll(async () => {
  sink = await smtpSink();
  w = await tasksWorld({
    env: {
      SMTP_URL: sink.url,
      MAIL_FROM: "Foreman <mail@foreman.example>",
      RATE_LIMIT_MAX: "100000",
      LOG_LEVEL: "debug",
    },
    logStream: { write: (line: string) => void logLines.push(line) },
  });
});
afterAll(async () => {
  await w.t.close();
  await sink.close();
});

const list = (headers: Headers) => call(w.t, "GET", "/app/invitations.json", headers);
const resend = (headers: Headers, id: string) => call(w.t, "POST", `/app/invitations/${id}/resend.json`, headers);
const revoke = (headers: Headers, id: string) => call(w.t, "DELETE", `/app/invitations/${id}.json`, headers);
const lookup = (token: string) =>
  w.t.app.inject({ method: "POST", url: "/invitations/lookup.json", payload: { token }, remoteAddress: nextAddress() });
let addressCount = 0;
const nextAddress = () => `10.3.${(++addressCount >> 8) & 255}.${addressCount & 255}`;

async function invitationsOf(headers: Headers) {
  const response = await list(headers);
  expect(response.statusCode, response.body).toBe(200);
  return invitationListSchema.parse(camelizeKeys(response.json())).invitations;
}

async function send(headers: Headers, email: string, role: "owner" | "admin" | "member" = "member") {
  const sent = await inviteAndRead(w.t, sink, headers, email, role);
  tokensSeen.add(sent.token);
  return sent;
}

/** A fresh company with its owner signed in. */
async function company(name: string) {
  const { user, company } = await createMember(w.t.db, name);
  const token = (await issueTokenFor(w.t.db, user.id)).accessToken;
  return { companyId: company.id, ownerId: user.id, headers: apiHeaders(token, company.id) };
}

const invitationRow = async (id: string) =>
  (await rows(w.t.db, sql`select * from invitations where id = ${id}`))[0] as Record<string, unknown>;
const invitationCount = async (companyId: string) =>
  Number((await rows(w.t.db, sql`select count(*)::int as n from invitations where company_id = ${companyId}`))[0]!.n);
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe("POST /app/invitations.json", () => {
  it("mails a single-use link valid 7 days, keeps only its hash, and erases the mail's text once sent", async () => {
    const before = sink.mails.length;
    const response = await invite(w.t, w.a.headers, "  New.Person@Example.com ", "admin");
    expect(response.statusCode, response.body).toBe(201);
    const invitation = invitationSchema.parse(camelizeKeys(response.json()));
    expect(invitation).toMatchObject({
      email: "new.person@example.com",
      role: "admin",
      state: "pending",
      invitedBy: w.a.userName,
    });
    const ttl = Date.parse(invitation.expiresAt) - Date.parse(invitation.lastSentAt);
    expect(ttl).toBe(INVITATION_TTL_DAYS * DAY_MS);

    const mail = await invitationMail(sink, "new.person@example.com", before);
    tokensSeen.add(mail.token);
    expect(mail.from).toBe("mail@foreman.example");
    expect(mail.subject).toBe(`${w.a.userName} invited you to Alpha on Foreman`);
    expect(mail.text).toContain(`${w.a.userName} invited you to join Alpha on Foreman as an admin.`);
    // The link is built from PUBLIC_URL, and carries 32 random bytes.
    expect(mail.link.startsWith(`${w.t.config.appUrl}/accept_invitation?token=`)).toBe(true);
    expect(Buffer.from(mail.token, "base64url")).toHaveLength(32);
    expect(mail.text).toMatch(/The link works once, until \w+ \d+, \d{4} at .+ UTC\./);

    const row = await invitationRow(invitation.id);
    expect(row).toMatchObject({ token_hash: sha256(mail.token), sent_count: 1, company_id: w.a.companyId });
    expect(JSON.stringify(row)).not.toContain(mail.token);
    // The outbox row is the company's and, once sent, no longer holds the link.
    await expect
      .poll(async () => {
        const [outbox] = await rows(
          w.t.db,
          sql`select state, text, company_id from outbound_mails where to_address = 'new.person@example.com'`,
        );
        return outbox;
      })
      .toEqual({ state: "sent", text: ERASED_MAIL_TEXT, company_id: w.a.companyId });

    expect(await activitiesOf(w.t.db, w.a.companyId, "member.invited")).toEqual([
      expect.objectContaining({
        actor_user_id: w.a.userId,
        subject_type: "invitation",
        subject_id: invitation.id,
        summary: "Invited new.person@example.com as admin",
      }),
    ]);
    // The link works.
    expect((await lookup(mail.token)).statusCode).toBe(200);
  });

  it("lets only an owner invite an owner", async () => {
    const c = await company("Owners Co");
    const admin = await userWithRole(w.t.db, c.companyId, "admin");
    const refused = await invite(w.t, admin.headers, "boss@example.com", "owner");
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: "forbidden", error_description: OWNER_ROLE_REQUIRED });
    expect(await invitationCount(c.companyId)).toBe(0);
    // Admins invite admins and members; owners invite owners.
    expect((await send(admin.headers, "deputy@example.com", "admin")).id).toBeTruthy();
    const owner = await send(c.headers, "boss@example.com", "owner");
    expect((await invitationRow(owner.id)).role).toBe("owner");
    expect(owner.mail.text).toContain("as an owner.");
  });

  it("refuses an address that is already a member, naming the field", async () => {
    const [member] = await rows(w.t.db, sql`select email from users where id = ${w.a.member.id}`);
    const before = await invitationCount(w.a.companyId);
    for (const email of [String(member!.email), String(member!.email).toUpperCase()]) {
      const response = await invite(w.t, w.a.headers, email);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        error: "validation_failed",
        error_description: ALREADY_A_MEMBER,
        details: [{ field: "email", message: ALREADY_A_MEMBER }],
      });
    }
    expect(await invitationCount(w.a.companyId)).toBe(before);
  });

  it("refuses a bad address or role, naming the field, and writes nothing", async () => {
    const before = await invitationCount(w.a.companyId);
    for (const [payload, field] of [
      [{ email: "not an address", role: "member" }, "email"],
      [{ role: "member" }, "email"],
      [{ email: "ok@example.com", role: "boss" }, "role"],
      [{ email: "ok@example.com" }, "role"],
    ] as const) {
      const response = await call(w.t, "POST", "/app/invitations.json", w.a.headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().details[0].field).toBe(field);
    }
    expect(await invitationCount(w.a.companyId)).toBe(before);
  });

  it("sends an open invitation again with a new link when the address is invited again: the old link dies", async () => {
    const c = await company("Again Co");
    const first = await send(c.headers, "again@example.com", "member");
    const second = await send(c.headers, "Again@Example.com", "admin");
    expect(second.id).toBe(first.id);
    expect(second.token).not.toBe(first.token);
    expect(await invitationCount(c.companyId)).toBe(1);
    expect(await invitationRow(first.id)).toMatchObject({
      sent_count: 2,
      role: "admin",
      token_hash: sha256(second.token),
    });
    expect((await lookup(first.token)).statusCode).toBe(410);
    expect((await lookup(second.token)).json()).toMatchObject({ role: "admin" });
    expect(await activitiesOf(w.t.db, c.companyId, "invitation.resent")).toEqual([
      expect.objectContaining({ summary: "Sent the invitation to again@example.com again, now as admin" }),
    ]);
  });

  it(`takes at most ${INVITATIONS_PER_HOUR} invitation mails an hour per company, resends included`, async () => {
    const c = await company("Busy Co");
    const before = sink.mails.length;
    let last = "";
    for (let i = 0; i < INVITATIONS_PER_HOUR; i++) {
      const response = await invite(w.t, c.headers, `person${i}@busy.example`);
      expect(response.statusCode, response.body).toBe(201);
      last = response.json().id;
    }
    const refused = await invite(w.t, c.headers, "one.more@busy.example");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: "too_many_requests" });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3000);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(3600);
    expect((await resend(c.headers, last)).statusCode).toBe(429);
    expect(await invitationCount(c.companyId)).toBe(INVITATIONS_PER_HOUR);
    // Another company's count is its own.
    expect((await send(w.b.headers, "welcome@bravo.example")).id).toBeTruthy();
    // An hour later (the sends' log moved back) the company may send again.
    await w.t.db.execute(
      sql`update activities set created_at = created_at - interval '61 minutes' where company_id = ${c.companyId}`,
    );
    expect((await invite(w.t, c.headers, "one.more@busy.example")).statusCode).toBe(201);
    // Every accepted invitation was mailed.
    await expect
      .poll(() => sink.mails.slice(before).filter((m) => m.to[0]!.endsWith("@busy.example")).length, {
        timeout: 30_000,
      })
      .toBe(INVITATIONS_PER_HOUR + 1);
  });
});

describe("GET /app/invitations.json", () => {
  it("lists the open invitations and those ended in the last 30 days, newest first, with their state", async () => {
    const c = await company("States Co");
    const insert = async (email: string, values: Record<string, unknown>, createdDaysAgo: number) => {
      const created = new Date(Date.now() - createdDaysAgo * DAY_MS);
      const [row] = await rows(
        w.t.db,
        sql`insert into invitations (company_id, email, role, token_hash, invited_by_user_id, expires_at, created_at, last_sent_at, accepted_at, revoked_at)
            values (${c.companyId}, ${email}, 'member', ${sha256(email)}, ${c.ownerId},
              ${String(values.expiresAt ?? new Date(created.getTime() + 7 * DAY_MS).toISOString())}::timestamptz,
              ${created.toISOString()}::timestamptz, ${created.toISOString()}::timestamptz,
              ${(values.acceptedAt as string | undefined) ?? null}::timestamptz, ${(values.revokedAt as string | undefined) ?? null}::timestamptz)
            returning id`,
      );
      return String(row!.id);
    };
    const ago = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
    const pending = await insert("pending@example.com", {}, 1);
    const accepted = await insert("accepted@example.com", { acceptedAt: ago(2) }, 3);
    const revoked = await insert("revoked@example.com", { revokedAt: ago(3) }, 4);
    const expired = await insert("expired@example.com", {}, 8);
    await insert("old-expired@example.com", {}, 40);
    await insert("old-accepted@example.com", { acceptedAt: ago(35) }, 36);
    await insert("old-revoked@example.com", { revokedAt: ago(32) }, 33);

    const listed = await invitationsOf(c.headers);
    expect(listed.map((i) => [i.id, i.state])).toEqual([
      [pending, "pending"],
      [accepted, "accepted"],
      [revoked, "revoked"],
      [expired, "expired"],
    ]);
    expect(listed[0]).toMatchObject({ email: "pending@example.com", role: "member", invitedBy: "Test User" });
    // Admins read it too; members do not.
    const admin = await userWithRole(w.t.db, c.companyId, "admin");
    expect(await invitationsOf(admin.headers)).toHaveLength(4);
    const member = await userWithRole(w.t.db, c.companyId, "member");
    const refused = await list(member.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: "forbidden", error_description: MANAGER_ROLE_REQUIRED });
  });

  it("shows a company only its own invitations", async () => {
    const ids = (await invitationsOf(w.b.headers)).map((i) => i.id);
    expect(ids).toContain(w.b.invitation.id);
    expect(ids).not.toContain(w.a.invitation.id);
    expect((await list({ ...w.a.headers, "x-company-id": w.b.companyId })).statusCode).toBe(404);
  });
});

describe("POST /app/invitations/{id}/resend.json", () => {
  it("mails a new link valid another 7 days; the old link stops working", async () => {
    const c = await company("Resend Co");
    const first = await send(c.headers, "late@example.com");
    await w.t.db.execute(sql`update invitations set expires_at = now() + interval '1 day' where id = ${first.id}`);
    const before = sink.mails.length;
    const response = await resend(c.headers, first.id);
    expect(response.statusCode, response.body).toBe(200);
    const invitation = invitationSchema.parse(camelizeKeys(response.json()));
    expect(invitation).toMatchObject({ id: first.id, state: "pending" });
    expect(Date.parse(invitation.expiresAt)).toBeGreaterThan(Date.now() + 6.9 * DAY_MS);
    const again = await invitationMail(sink, "late@example.com", before);
    tokensSeen.add(again.token);
    expect(again.token).not.toBe(first.token);
    expect((await lookup(first.token)).statusCode).toBe(410);
    expect((await lookup(again.token)).statusCode).toBe(200);
    expect(await invitationRow(first.id)).toMatchObject({ sent_count: 2, token_hash: sha256(again.token) });
    expect(await activitiesOf(w.t.db, c.companyId, "invitation.resent")).toEqual([
      expect.objectContaining({ subject_id: first.id, summary: "Sent the invitation to late@example.com again" }),
    ]);
  });

  it("revives an expired invitation, refuses an accepted or revoked one (409) and an unknown one (404)", async () => {
    const c = await company("Closed Co");
    const expired = await send(c.headers, "expired@closed.example");
    await w.t.db.execute(sql`update invitations set expires_at = now() - interval '1 minute' where id = ${expired.id}`);
    expect((await invitationsOf(c.headers)).find((i) => i.id === expired.id)?.state).toBe("expired");
    expect((await resend(c.headers, expired.id)).json()).toMatchObject({ state: "pending" });

    const accepted = await send(c.headers, "accepted@closed.example");
    await w.t.db.execute(sql`update invitations set accepted_at = now() where id = ${accepted.id}`);
    const revoked = await send(c.headers, "revoked@closed.example");
    expect((await revoke(c.headers, revoked.id)).statusCode).toBe(204);
    for (const [id, state] of [
      [accepted.id, "accepted"],
      [revoked.id, "revoked"],
    ]) {
      const refused = await resend(c.headers, id!);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        error: "invitation_closed",
        error_description: `This invitation was ${state}: send a new one`,
      });
    }
    for (const id of ["7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8d", "nope", w.b.invitation.id]) {
      const missing = await resend(c.headers, id);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: "not_found", error_description: "Invitation not found" });
    }
  });

  it("lets only an owner send an owner's invitation again", async () => {
    const c = await company("Owner Resend Co");
    const owner = await send(c.headers, "next-owner@example.com", "owner");
    const admin = await userWithRole(w.t.db, c.companyId, "admin");
    const refused = await resend(admin.headers, owner.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error_description).toBe(OWNER_ROLE_REQUIRED);
    expect((await invitationRow(owner.id)).sent_count).toBe(1);
  });
});

describe("DELETE /app/invitations/{id}.json", () => {
  it("revokes: the link stops working, the list says revoked, the log says who", async () => {
    const c = await company("Revoke Co");
    const admin = await userWithRole(w.t.db, c.companyId, "admin");
    const sent = await send(c.headers, "gone@example.com", "owner");
    // An admin may take back even an owner's invitation: that gives no one anything.
    const response = await revoke(admin.headers, sent.id);
    expect(response.statusCode).toBe(204);
    expect((await lookup(sent.token)).statusCode).toBe(410);
    expect((await invitationsOf(c.headers)).find((i) => i.id === sent.id)?.state).toBe("revoked");
    expect(await activitiesOf(w.t.db, c.companyId, "invitation.revoked")).toEqual([
      expect.objectContaining({
        actor_user_id: admin.user.id,
        subject_id: sent.id,
        summary: "Revoked the invitation to gone@example.com",
      }),
    ]);
    // Again: nothing changes, nothing more is logged.
    expect((await revoke(c.headers, sent.id)).statusCode).toBe(204);
    expect(await activitiesOf(w.t.db, c.companyId, "invitation.revoked")).toHaveLength(1);
    // The address may be invited anew: a new invitation, a new link.
    const fresh = await send(c.headers, "gone@example.com");
    expect(fresh.id).not.toBe(sent.id);
  });

  it("refuses to revoke an accepted invitation (409) and another company's (404)", async () => {
    const c = await company("Accepted Co");
    const sent = await send(c.headers, "in@example.com");
    await w.t.db.execute(sql`update invitations set accepted_at = now() where id = ${sent.id}`);
    const refused = await revoke(c.headers, sent.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe("invitation_closed");
    const foreign = await revoke(c.headers, w.b.invitation.id);
    expect(foreign.statusCode).toBe(404);
    expect((await invitationRow(w.b.invitation.id)).revoked_at).toBeNull();
  });
});

describe("who manages invitations", () => {
  it("refuses a member every write (403) and another company's member everything (404)", async () => {
    const before = await invitationCount(w.a.companyId);
    for (const response of [
      await invite(w.t, w.a.member.headers, "friend@example.com"),
      await resend(w.a.member.headers, w.a.invitation.id),
      await revoke(w.a.member.headers, w.a.invitation.id),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: "forbidden", error_description: MANAGER_ROLE_REQUIRED });
    }
    const bravo = { ...w.b.headers, "x-company-id": w.a.companyId };
    for (const response of [
      await invite(w.t, bravo, "friend@example.com"),
      await resend(bravo, w.a.invitation.id),
      await revoke(bravo, w.a.invitation.id),
    ])
      expect(response.statusCode).toBe(404);
    expect(await invitationCount(w.a.companyId)).toBe(before);
    expect(await invitationRow(w.a.invitation.id)).toMatchObject({ revoked_at: null, sent_count: 1 });
  });
});

describe("the log", () => {
  it("never holds an invitation's token", () => {
    expect(tokensSeen.size).toBeGreaterThan(5);
    expect(logLines.length).toBeGreaterThan(0);
    const log = logLines.join("\n");
    for (const token of tokensSeen) expect(log).not.toContain(token);
  });
});
