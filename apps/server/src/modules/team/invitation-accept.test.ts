import {
  camelizeKeys,
  INVITATION_INVALID,
  INVITATION_OTHER_EMAIL,
  invitationAcceptedSchema,
  invitationPreviewSchema,
} from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiHeaders, createMember, createUser, issueTokenFor, type TestUser } from "#server/test/fixtures.ts";
import { type SmtpSink, smtpSink } from "#server/test/smtp-sink.ts";
import { rows, type TasksWorld, tasksWorld } from "#server/test/tasks-setup.ts";
import { activitiesOf, call, type Headers, inviteAndRead, roleOf } from "#server/test/team-setup.ts";

// An invitation's link from the other side: its page before anyone signs in (public, rate-limited),
// and its acceptance by the signed-in user it was sent to. A link works once, for its address only,
// for a week, and not once revoked; accepting adds the company to the user's switcher at once.

let sink: SmtpSink;
let w: TasksWorld;
beforeAll(async () => {
  sink = await smtpSink();
  w = await tasksWorld({ env: { SMTP_URL: sink.url, RATE_LIMIT_MAX: "100000" } });
});
afterAll(async () => {
  await w.t.close();
  await sink.close();
});

let addressCount = 0;
const nextAddress = () => `10.4.${(++addressCount >> 8) & 255}.${addressCount & 255}`;
const lookup = (token: unknown, remoteAddress = nextAddress()) =>
  w.t.app.inject({ method: "POST", url: "/invitations/lookup.json", payload: { token }, remoteAddress });
const accept = (headers: Headers, token: unknown) =>
  call(w.t, "POST", "/app/invitations/accept.json", headers, { token });

const signedIn = async (user: TestUser) => apiHeaders((await issueTokenFor(w.t.db, user.id)).accessToken);
const invitationRow = async (id: string) =>
  (await rows(w.t.db, sql`select * from invitations where id = ${id}`))[0] as Record<string, unknown>;

/** A fresh company whose owner invites `email`: the invitation's id and its link's token. */
async function invited(email: string, role: "owner" | "admin" | "member" = "member", name = "Inviting Co") {
  const { user, company } = await createMember(w.t.db, name);
  const owner = apiHeaders((await issueTokenFor(w.t.db, user.id)).accessToken, company.id);
  const sent = await inviteAndRead(w.t, sink, owner, email, role);
  return { ...sent, companyId: company.id, owner };
}

const expectInvalid = (response: { statusCode: number; json: () => unknown }) => {
  expect(response.statusCode).toBe(410);
  expect(response.json()).toEqual({ error: "invitation_invalid", error_description: INVITATION_INVALID });
};

describe("POST /invitations/lookup.json", () => {
  it("shows the company, who invited, the address and the role, and whether the address has an account", async () => {
    const sent = await invited("newcomer@example.com", "admin", "Lookup Co");
    const response = await lookup(sent.token);
    expect(response.statusCode, response.body).toBe(200);
    const preview = invitationPreviewSchema.parse(camelizeKeys(response.json()));
    expect(preview).toEqual({
      companyName: "Lookup Co",
      companyLogoUrl: null,
      invitedBy: "Test User",
      email: "newcomer@example.com",
      role: "admin",
      expiresAt: expect.any(String),
      accountExists: false,
    });
    expect(Date.parse(preview.expiresAt)).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);

    await createUser(w.t.db, { email: "has-account@example.com" });
    const known = await invited("has-account@example.com");
    expect((await lookup(known.token)).json()).toMatchObject({ account_exists: true });
  });

  it("answers 410 for a link that is unknown, expired, revoked or used", async () => {
    expectInvalid(await lookup("a".repeat(43)));
    const expired = await invited("expired@example.com");
    await w.t.db.execute(sql`update invitations set expires_at = now() - interval '1 second' where id = ${expired.id}`);
    expectInvalid(await lookup(expired.token));
    const revoked = await invited("revoked@example.com");
    const revoke = await call(w.t, "DELETE", `/app/invitations/${revoked.id}.json`, revoked.owner);
    expect(revoke.statusCode).toBe(204);
    expectInvalid(await lookup(revoked.token));
    const used = await invited("used@example.com");
    const user = await createUser(w.t.db, { email: "used@example.com" });
    expect((await accept(await signedIn(user), used.token)).statusCode).toBe(200);
    expectInvalid(await lookup(used.token));
  });

  it("refuses a missing or absurd token as bad input", async () => {
    for (const token of [undefined, "", "x".repeat(201), 42]) {
      const response = await lookup(token);
      expect(response.statusCode).toBe(400);
      expect(response.json().details[0].field).toBe("token");
    }
  });

  it("is rate-limited per client like sign-in", async () => {
    const address = "10.99.0.1";
    const answers: number[] = [];
    for (let i = 0; i < 31; i++) answers.push((await lookup(`guess-${i}`, address)).statusCode);
    expect(answers.slice(0, 30)).toEqual(Array(30).fill(410));
    expect(answers[30]).toBe(429);
    // Another client is not held back.
    expectInvalid(await lookup("guess-other"));
  });
});

describe("POST /app/invitations/accept.json", () => {
  it("adds the company with the invitation's role, shows it in me.json at once and logs it", async () => {
    const sent = await invited("joiner@example.com", "admin", "Joined Co");
    const user = await createUser(w.t.db, { email: "joiner@example.com", firstName: "Jo", lastName: "Iner" });
    const { company: home } = await createMember(w.t.db, "Home Co");
    await w.t.db.execute(
      sql`insert into memberships (user_id, company_id, role) values (${user.id}, ${home.id}, 'member')`,
    );
    const headers = await signedIn(user);
    // me.json read first, so the answer after accepting cannot be a stale cached one.
    const before = await call(w.t, "GET", "/app/me.json", headers);
    expect(before.json().managed_companies).toHaveLength(1);

    const response = await accept(headers, sent.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(invitationAcceptedSchema.parse(camelizeKeys(response.json()))).toEqual({
      company: { id: sent.companyId, name: "Joined Co", logoSmallUrl: null },
    });
    expect(await roleOf(w.t.db, sent.companyId, user.id)).toBe("admin");
    expect(await invitationRow(sent.id)).toMatchObject({ accepted_user_id: user.id });
    expect((await invitationRow(sent.id)).accepted_at).not.toBeNull();

    const me = await call(w.t, "GET", "/app/me.json", headers);
    expect(
      me
        .json()
        .managed_companies.map((c: { name: string }) => c.name)
        .sort(),
    ).toEqual(["Home Co", "Joined Co"]);
    // The company's data answers them at once, in their new role.
    expect(
      (await call(w.t, "GET", "/app/invitations.json", apiHeaders(headers.authorization!.slice(7), sent.companyId)))
        .statusCode,
    ).toBe(200);
    expect(await activitiesOf(w.t.db, sent.companyId, "invitation.accepted")).toEqual([
      expect.objectContaining({
        actor_user_id: user.id,
        subject_type: "invitation",
        subject_id: sent.id,
        summary: "Accepted the invitation and joined as admin",
      }),
    ]);
  });

  it("refuses a signed-in user with another address (403) and leaves the link for its owner", async () => {
    const sent = await invited("right@example.com");
    const wrong = await createUser(w.t.db, { email: "wrong@example.com" });
    const refused = await accept(await signedIn(wrong), sent.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: "invitation_other_email", error_description: INVITATION_OTHER_EMAIL });
    expect(await roleOf(w.t.db, sent.companyId, wrong.id)).toBeNull();
    expect(await invitationRow(sent.id)).toMatchObject({ accepted_at: null, accepted_user_id: null });

    const right = await createUser(w.t.db, { email: "right@example.com" });
    expect((await accept(await signedIn(right), sent.token)).statusCode).toBe(200);
  });

  it("works once: the same link a second time, or racing itself, is refused", async () => {
    const sent = await invited("twice@example.com");
    const user = await createUser(w.t.db, { email: "twice@example.com" });
    const headers = await signedIn(user);
    const answers = await Promise.all([accept(headers, sent.token), accept(headers, sent.token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 410]);
    expectInvalid(await accept(headers, sent.token));
    expect(await activitiesOf(w.t.db, sent.companyId, "invitation.accepted")).toHaveLength(1);
  });

  it("refuses an expired, revoked or rotated link (410) and writes nothing", async () => {
    const user = await createUser(w.t.db, { email: "late@example.com" });
    const headers = await signedIn(user);

    const expired = await invited("late@example.com", "member", "Expired Co");
    await w.t.db.execute(sql`update invitations set expires_at = now() - interval '1 second' where id = ${expired.id}`);
    expectInvalid(await accept(headers, expired.token));
    expect(await roleOf(w.t.db, expired.companyId, user.id)).toBeNull();

    const revoked = await invited("late@example.com", "member", "Revoked Co");
    expect((await call(w.t, "DELETE", `/app/invitations/${revoked.id}.json`, revoked.owner)).statusCode).toBe(204);
    expectInvalid(await accept(headers, revoked.token));
    expect(await roleOf(w.t.db, revoked.companyId, user.id)).toBeNull();

    const rotated = await invited("late@example.com", "member", "Rotated Co");
    expect((await call(w.t, "POST", `/app/invitations/${rotated.id}/resend.json`, rotated.owner)).statusCode).toBe(200);
    expectInvalid(await accept(headers, rotated.token));
    expect(await roleOf(w.t.db, rotated.companyId, user.id)).toBeNull();
    expectInvalid(await accept(headers, "not-a-token-anyone-sent"));
  });

  it("marks the invitation used for someone already a member, keeping their role", async () => {
    const sent = await invited("already@example.com", "member");
    const user = await createUser(w.t.db, { email: "already@example.com" });
    await w.t.db.execute(
      sql`insert into memberships (user_id, company_id, role) values (${user.id}, ${sent.companyId}, 'admin')`,
    );
    const response = await accept(await signedIn(user), sent.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().company.id).toBe(sent.companyId);
    expect(await roleOf(w.t.db, sent.companyId, user.id)).toBe("admin");
    expect((await invitationRow(sent.id)).accepted_user_id).toBe(user.id);
  });

  it("needs a signed-in user", async () => {
    const sent = await invited("anon@example.com");
    for (const headers of [apiHeaders(), apiHeaders("forged-token")]) {
      const response = await accept(headers, sent.token);
      expect(response.statusCode).toBe(401);
    }
    expect((await invitationRow(sent.id)).accepted_at).toBeNull();
  });
});
