import { createHash } from "node:crypto";
import {
  apiChannelListSchema,
  apiChannelWithSecretsSchema,
  camelizeKeys,
  MANAGER_ROLE_REQUIRED,
} from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, apiHeaders, createUser, issueTokenFor } from "#server/test/fixtures.ts";
import { rows, type TasksWorld, tasksWorld } from "#server/test/tasks-setup.ts";

// The channel registry through the real HTTP layer: opening, listing, rotating and revoking channels,
// with the tokens kept only as hashes, the manager-only rule and the activity each write leaves.

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

describe("the API channels registry", () => {
  let w: TasksWorld;
  let memberToken: string;
  beforeAll(async () => {
    w = await tasksWorld();
    const member = await createUser(w.t.db);
    await addMember(w.t.db, member.id, w.a.companyId, "member");
    memberToken = (await issueTokenFor(w.t.db, member.id)).accessToken;
  });
  afterAll(async () => {
    await w.t.close();
  });

  const post = (url: string, payload?: Record<string, unknown>, headers = w.a.headers) =>
    w.t.app.inject({ method: "POST", url, headers, ...(payload ? { payload } : {}) });
  const open = (payload: Record<string, unknown>, headers = w.a.headers) =>
    post("/app/api_channels.json", payload, headers);
  const stored = async (id: string) =>
    (await rows(w.t.db, sql`select * from api_channels where id = ${id}`))[0] as Record<string, unknown>;
  const activityCount = async (id: string) =>
    Number((await rows(w.t.db, sql`select count(*)::int as n from activities where subject_id = ${id}`))[0]!.n);

  it("opens a channel, answering its token and webhook secret once and storing only the token's hash", async () => {
    const response = await open({
      name: "Website chat",
      ai_employee_id: w.a.aiEmployee.id,
      webhook_url: "https://example.test/hooks/foreman",
    });
    expect(response.statusCode, response.body).toBe(201);
    const channel = apiChannelWithSecretsSchema.parse(camelizeKeys(response.json()));
    expect(channel).toMatchObject({
      name: "Website chat",
      aiEmployee: { id: w.a.aiEmployee.id, name: w.a.aiEmployee.name },
      webhookUrl: "https://example.test/hooks/foreman",
      revokedAt: null,
    });
    expect(channel.token).toMatch(/^fch_[\w-]{43}$/);
    expect(channel.tokenPrefix).toBe(channel.token.slice(0, 12));
    const row = await stored(channel.id);
    expect(row.token_hash).toBe(sha256(channel.token));
    expect(JSON.stringify(row)).not.toContain(channel.token);
    expect(await activityCount(channel.id)).toBe(1);

    const list = apiChannelListSchema.parse(
      camelizeKeys(
        (await w.t.app.inject({ method: "GET", url: "/app/api_channels.json", headers: w.a.headers })).json(),
      ),
    );
    const listed = list.apiChannels.find((c) => c.id === channel.id);
    expect(listed).toBeDefined();
    expect(JSON.stringify(list)).not.toContain(channel.token);
    expect(JSON.stringify(list)).not.toContain(channel.webhookSecret);
  });

  it("rotates a channel's token and secret, and revokes it for good", async () => {
    const created = (await open({ name: "App", ai_employee_id: w.a.aiEmployee.id })).json();
    const rotated = await post(`/app/api_channels/${created.id}/rotate.json`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.json().token).not.toBe(created.token);
    expect(rotated.json().webhook_secret).not.toBe(created.webhook_secret);
    expect(rotated.json().rotated_at).not.toBeNull();
    expect((await stored(created.id)).token_hash).toBe(sha256(rotated.json().token));

    const revoked = await post(`/app/api_channels/${created.id}/revoke.json`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revoked_at).not.toBeNull();
    expect(revoked.json().token).toBeUndefined();
    const again = await post(`/app/api_channels/${created.id}/revoke.json`);
    expect(again.json().revoked_at).toBe(revoked.json().revoked_at);
    expect((await post(`/app/api_channels/${created.id}/rotate.json`)).statusCode).toBe(409);
    // Opened, rotated, revoked: the second revoke recorded nothing.
    expect(await activityCount(created.id)).toBe(3);
  });

  it("refuses bad input with nothing written", async () => {
    const before = Number((await rows(w.t.db, sql`select count(*)::int as n from api_channels`))[0]!.n);
    for (const [payload, status, field] of [
      [{ ai_employee_id: w.a.aiEmployee.id }, 400, "name"],
      [{ name: "x", ai_employee_id: "nope" }, 400, "ai_employee_id"],
      [{ name: "x", ai_employee_id: w.b.aiEmployee.id }, 422, "ai_employee_id"],
      [{ name: "x", ai_employee_id: w.a.aiEmployee.id, webhook_url: "ftp://example.test" }, 400, "webhook_url"],
      [{ name: "x", ai_employee_id: w.a.aiEmployee.id, webhook_url: "not a url" }, 400, "webhook_url"],
      [
        { name: "x", ai_employee_id: w.a.aiEmployee.id, webhook_url: "https://user:pw@example.test/" },
        400,
        "webhook_url",
      ],
    ] as const) {
      const response = await open(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().details).toEqual([expect.objectContaining({ field })]);
    }
    expect(Number((await rows(w.t.db, sql`select count(*)::int as n from api_channels`))[0]!.n)).toBe(before);
  });

  it("lets members list channels but not open, rotate or revoke them", async () => {
    const memberHeaders = apiHeaders(memberToken, w.a.companyId);
    expect(
      (await w.t.app.inject({ method: "GET", url: "/app/api_channels.json", headers: memberHeaders })).statusCode,
    ).toBe(200);
    const refused = await open({ name: "Mine", ai_employee_id: w.a.aiEmployee.id }, memberHeaders);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error_description).toBe(MANAGER_ROLE_REQUIRED);
    for (const action of ["rotate", "revoke"]) {
      const response = await post(`/app/api_channels/${w.a.apiChannel.id}/${action}.json`, undefined, memberHeaders);
      expect(response.statusCode).toBe(403);
    }
    expect((await stored(w.a.apiChannel.id)).revoked_at).toBeNull();
  });

  it("answers 404 for another company's channel and a malformed id", async () => {
    for (const id of [w.b.apiChannel.id, "nope"]) {
      expect((await post(`/app/api_channels/${id}/rotate.json`)).statusCode).toBe(404);
      expect((await post(`/app/api_channels/${id}/revoke.json`)).statusCode).toBe(404);
    }
    expect((await stored(w.b.apiChannel.id)).revoked_at).toBeNull();
  });
});
