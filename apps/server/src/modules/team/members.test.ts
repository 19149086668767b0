import {
  camelizeKeys,
  LAST_OWNER_ERROR,
  MANAGER_ROLE_REQUIRED,
  memberListSchema,
  OWNER_ROLE_REQUIRED,
} from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiHeaders, createMember, createUser, issueTokenFor } from "#server/test/fixtures.ts";
import { baseUrlOf, openEventStream } from "#server/test/sse-client.ts";
import { rows, type TasksWorld, tasksWorld } from "#server/test/tasks-setup.ts";
import { activitiesOf, call, type Headers, roleOf, userWithRole } from "#server/test/team-setup.ts";

// The company's members through the real HTTP layer on a real database: who reads and who manages,
// an admin never touching the owner role, the last owner kept (also against two owners racing), and a
// removed member's access ending at once.

let w: TasksWorld;
beforeAll(async () => {
  w = await tasksWorld({ env: { RATE_LIMIT_MAX: "100000" } });
});
afterAll(async () => {
  await w.t.close();
});

const members = (headers: Headers) => call(w.t, "GET", "/app/members.json", headers);
const patch = (headers: Headers, id: string, role: unknown) =>
  call(w.t, "PATCH", `/app/members/${id}.json`, headers, { role });
const remove = (headers: Headers, id: string) => call(w.t, "DELETE", `/app/members/${id}.json`, headers);

async function memberList(headers: Headers) {
  const response = await members(headers);
  expect(response.statusCode, response.body).toBe(200);
  return memberListSchema.parse(camelizeKeys(response.json())).members;
}

/** A fresh company with its owner signed in. */
async function company(name: string) {
  const { user, company } = await createMember(w.t.db, name);
  const token = (await issueTokenFor(w.t.db, user.id)).accessToken;
  return { companyId: company.id, owner: { user, headers: apiHeaders(token, company.id) } };
}

const ownersOf = async (companyId: string) =>
  (await rows(w.t.db, sql`select user_id from memberships where company_id = ${companyId} and role = 'owner'`)).length;

describe("GET /app/members.json", () => {
  it("lists owners, then admins, then members, each by name, marking the caller and two-factor", async () => {
    const c = await company("Listing Co");
    const db = w.t.db;
    const zed = await userWithRole(db, c.companyId, "member", { firstName: "Zed", lastName: "Zulu" });
    const amy = await userWithRole(db, c.companyId, "member", { firstName: "amy", lastName: "Able" });
    const boss = await userWithRole(db, c.companyId, "admin", { firstName: "Bob", lastName: "Boss" });
    const second = await userWithRole(db, c.companyId, "owner", { firstName: "Aaron", lastName: "Owner" });
    await db.execute(sql`update users set totp_enabled_at = now() where id = ${boss.user.id}`);

    const list = await memberList(zed.headers);
    expect(list.map((m) => [m.firstName, m.role])).toEqual([
      ["Aaron", "owner"],
      ["Test", "owner"],
      ["Bob", "admin"],
      ["amy", "member"],
      ["Zed", "member"],
    ]);
    expect(list.find((m) => m.you)?.id).toBe(zed.user.id);
    expect(list.filter((m) => m.you)).toHaveLength(1);
    expect(list.find((m) => m.id === boss.user.id)).toMatchObject({
      email: boss.user.email,
      lastName: "Boss",
      twoFactorEnabled: true,
    });
    expect(list.find((m) => m.id === amy.user.id)?.twoFactorEnabled).toBe(false);
    expect(Date.parse(list[0]!.joinedAt)).not.toBeNaN();
    expect(list.map((m) => m.id)).toContain(second.user.id);
  });

  it("shows a company only its own members", async () => {
    const ids = (await memberList(w.a.headers)).map((m) => m.id);
    expect(ids.sort()).toEqual([w.a.userId, w.a.member.id].sort());
    expect(ids).not.toContain(w.b.member.id);
    // Alpha's member asking for Bravo gets the same 404 as for a company that does not exist.
    const foreign = await members({ ...w.a.member.headers, "x-company-id": w.b.companyId });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: "not_found", error_description: "Company not found" });
  });
});

describe("PATCH /app/members/{id}.json", () => {
  it("lets an owner change a member's role, logged with from and to, and the new role counts at once", async () => {
    const c = await company("Promote Co");
    const ana = await userWithRole(w.t.db, c.companyId, "member", { firstName: "Ana", lastName: "Ruiz" });
    // As a member, Ana may not read the invitations…
    expect((await call(w.t, "GET", "/app/invitations.json", ana.headers)).statusCode).toBe(403);

    const response = await patch(c.owner.headers, ana.user.id, "admin");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: ana.user.id, role: "admin", you: false, email: ana.user.email });
    expect(await roleOf(w.t.db, c.companyId, ana.user.id)).toBe("admin");
    expect(await activitiesOf(w.t.db, c.companyId, "member.role_changed")).toEqual([
      expect.objectContaining({
        actor_user_id: c.owner.user.id,
        subject_type: "member",
        subject_id: ana.user.id,
        summary: "Changed Ana Ruiz's role from member to admin",
        details: { email: ana.user.email, from: "member", to: "admin" },
      }),
    ]);
    // …and as an admin she may, on her very next call (her cached membership was dropped).
    expect((await call(w.t, "GET", "/app/invitations.json", ana.headers)).statusCode).toBe(200);
  });

  it("changes nothing and logs nothing when the role is the one they have", async () => {
    const c = await company("Same Co");
    const ana = await userWithRole(w.t.db, c.companyId, "admin");
    const response = await patch(c.owner.headers, ana.user.id, "admin");
    expect(response.statusCode).toBe(200);
    expect(response.json().role).toBe("admin");
    expect(await activitiesOf(w.t.db, c.companyId, "member.role_changed")).toEqual([]);
  });

  it("refuses a member: 403 and nothing changes", async () => {
    const c = await company("Member Co");
    const mia = await userWithRole(w.t.db, c.companyId, "member");
    const other = await userWithRole(w.t.db, c.companyId, "member");
    for (const response of [
      await patch(mia.headers, other.user.id, "admin"),
      await patch(mia.headers, mia.user.id, "admin"),
      await remove(mia.headers, other.user.id),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: "forbidden", error_description: MANAGER_ROLE_REQUIRED });
    }
    expect(await roleOf(w.t.db, c.companyId, other.user.id)).toBe("member");
    expect(await roleOf(w.t.db, c.companyId, mia.user.id)).toBe("member");
  });

  it("never lets an admin give, change or take away the owner role, or remove an owner", async () => {
    const c = await company("Admin Co");
    const adam = await userWithRole(w.t.db, c.companyId, "admin");
    const mo = await userWithRole(w.t.db, c.companyId, "member");
    const ownerId = c.owner.user.id;
    for (const response of [
      await patch(adam.headers, mo.user.id, "owner"),
      await patch(adam.headers, adam.user.id, "owner"),
      await patch(adam.headers, ownerId, "admin"),
      await patch(adam.headers, ownerId, "member"),
      await remove(adam.headers, ownerId),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: "forbidden", error_description: OWNER_ROLE_REQUIRED });
    }
    expect(await roleOf(w.t.db, c.companyId, ownerId)).toBe("owner");
    expect(await roleOf(w.t.db, c.companyId, mo.user.id)).toBe("member");
    expect(await roleOf(w.t.db, c.companyId, adam.user.id)).toBe("admin");
    // Between admins and members an admin decides.
    expect((await patch(adam.headers, mo.user.id, "admin")).statusCode).toBe(200);
    expect((await patch(adam.headers, mo.user.id, "member")).statusCode).toBe(200);
    expect(await activitiesOf(w.t.db, c.companyId, "member.role_changed")).toHaveLength(2);
  });

  it("never demotes the last owner; with a second owner, an owner may step down", async () => {
    const c = await company("Last Co");
    const ownerId = c.owner.user.id;
    for (const role of ["admin", "member"]) {
      const response = await patch(c.owner.headers, ownerId, role);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: "last_owner", error_description: LAST_OWNER_ERROR });
    }
    expect(await roleOf(w.t.db, c.companyId, ownerId)).toBe("owner");

    const zoe = await userWithRole(w.t.db, c.companyId, "admin");
    expect((await patch(c.owner.headers, zoe.user.id, "owner")).statusCode).toBe(200);
    const stepDown = await patch(c.owner.headers, ownerId, "admin");
    expect(stepDown.statusCode, stepDown.body).toBe(200);
    expect(stepDown.json()).toMatchObject({ role: "admin", you: true });
    // Now Zoe is the last owner.
    const refused = await patch(zoe.headers, zoe.user.id, "member");
    expect(refused.statusCode).toBe(409);
    expect(await ownersOf(c.companyId)).toBe(1);
  });

  it("keeps one owner when the last two demote each other at the same moment", async () => {
    const c = await company("Race Co");
    const other = await userWithRole(w.t.db, c.companyId, "owner");
    const answers = await Promise.all([
      patch(c.owner.headers, other.user.id, "admin"),
      patch(other.headers, c.owner.user.id, "admin"),
    ]);
    // The second to run finds its caller demoted already: an admin may not touch the owner role.
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 403]);
    expect(await ownersOf(c.companyId)).toBe(1);
  });

  it("answers 404 for a user who is not a member, another company's member and an id that is not one", async () => {
    const c = await company("Missing Co");
    const stranger = await createUser(w.t.db);
    for (const id of [stranger.id, w.b.member.id, "7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8d", "not-an-id"]) {
      for (const response of [await patch(c.owner.headers, id, "admin"), await remove(c.owner.headers, id)]) {
        expect(response.statusCode, id).toBe(404);
        expect(response.json()).toEqual({ error: "not_found", error_description: "Member not found" });
      }
    }
    expect(await roleOf(w.t.db, w.b.companyId, w.b.member.id)).toBe("member");
  });

  it("refuses a role that is not one, naming the field", async () => {
    for (const role of ["boss", "", null, 3]) {
      const response = await patch(w.a.headers, w.a.member.id, role);
      expect(response.statusCode).toBe(400);
      expect(response.json().details[0].field).toBe("role");
    }
    expect(await roleOf(w.t.db, w.a.companyId, w.a.member.id)).toBe("member");
  });
});

describe("DELETE /app/members/{id}.json", () => {
  it("removes a member: their next call for the company is refused at once, their other company still works", async () => {
    const c = await company("Remove Co");
    const elsewhere = await company("Elsewhere Co");
    const rui = await userWithRole(w.t.db, c.companyId, "member", { firstName: "Rui", lastName: "Sousa" });
    await w.t.db.execute(
      sql`insert into memberships (user_id, company_id, role) values (${rui.user.id}, ${elsewhere.companyId}, 'member')`,
    );
    const ruiElsewhere = apiHeaders(rui.token, elsewhere.companyId);
    // Read once, so the membership is in the cache that must be dropped.
    expect((await members(rui.headers)).statusCode).toBe(200);
    expect((await members(ruiElsewhere)).statusCode).toBe(200);

    const response = await remove(c.owner.headers, rui.user.id);
    expect(response.statusCode, response.body).toBe(204);
    expect(response.body).toBe("");

    const refused = await members(rui.headers);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: "not_found", error_description: "Company not found" });
    expect((await members(ruiElsewhere)).statusCode).toBe(200);
    expect(await roleOf(w.t.db, c.companyId, rui.user.id)).toBeNull();
    // Their account stays; /app/me.json no longer offers the company.
    const me = await call(w.t, "GET", "/app/me.json", apiHeaders(rui.token));
    expect(me.json().managed_companies.map((m: { id: string }) => m.id)).toEqual([elsewhere.companyId]);
    expect(await activitiesOf(w.t.db, c.companyId, "member.removed")).toEqual([
      expect.objectContaining({
        actor_user_id: c.owner.user.id,
        subject_id: rui.user.id,
        summary: "Removed Rui Sousa (member)",
        details: { email: rui.user.email, role: "member" },
      }),
    ]);
  });

  it("lets an admin remove a member and leave, but keeps the last owner", async () => {
    const c = await company("Leave Co");
    const adam = await userWithRole(w.t.db, c.companyId, "admin");
    const mo = await userWithRole(w.t.db, c.companyId, "member");
    expect((await remove(adam.headers, mo.user.id)).statusCode).toBe(204);
    expect((await remove(adam.headers, adam.user.id)).statusCode).toBe(204);
    expect(await roleOf(w.t.db, c.companyId, adam.user.id)).toBeNull();

    const last = await remove(c.owner.headers, c.owner.user.id);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({ error: "last_owner", error_description: LAST_OWNER_ERROR });
    expect(await roleOf(w.t.db, c.companyId, c.owner.user.id)).toBe("owner");

    // With a second owner, an owner may remove another owner, and then not the last one.
    const other = await userWithRole(w.t.db, c.companyId, "owner");
    expect((await remove(other.headers, c.owner.user.id)).statusCode).toBe(204);
    expect((await remove(other.headers, other.user.id)).statusCode).toBe(409);
    expect(await ownersOf(c.companyId)).toBe(1);
  });

  it("keeps one owner when the last two remove themselves at the same moment", async () => {
    const c = await company("Both Leave Co");
    const other = await userWithRole(w.t.db, c.companyId, "owner");
    const answers = await Promise.all([remove(c.owner.headers, c.owner.user.id), remove(other.headers, other.user.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 409]);
    expect(await ownersOf(c.companyId)).toBe(1);
  });

  it("answers a removed manager's next management call with 404, not with their old powers", async () => {
    const c = await company("Stale Co");
    const adam = await userWithRole(w.t.db, c.companyId, "admin");
    const mo = await userWithRole(w.t.db, c.companyId, "member");
    expect((await members(adam.headers)).statusCode).toBe(200);
    expect((await remove(c.owner.headers, adam.user.id)).statusCode).toBe(204);
    expect((await remove(adam.headers, mo.user.id)).statusCode).toBe(404);
    expect(await roleOf(w.t.db, c.companyId, mo.user.id)).toBe("member");
  });
});

describe("a removed member's live event stream", () => {
  it("closes when they are removed", async () => {
    const c = await company("Stream Co");
    const sam = await userWithRole(w.t.db, c.companyId, "member");
    await w.t.app.listen({ port: 0, host: "127.0.0.1" });
    const stream = await openEventStream(baseUrlOf(w.t.app.server.address()), sam.headers);
    try {
      expect(stream.response.status).toBe(200);
      await expect.poll(() => stream.comments.includes(": connected")).toBe(true);
      expect((await remove(c.owner.headers, sam.user.id)).statusCode).toBe(204);
      // The removal's notice re-checks the stream at once (the periodic re-check is 30 s away).
      await expect(stream.ended).resolves.toBeUndefined();
    } finally {
      stream.close();
    }
  });
});
