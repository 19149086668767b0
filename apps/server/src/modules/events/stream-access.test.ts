import { WEB_CLIENT_ID } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { apiHeaders, createMember, issueTokenFor, signIn } from "#server/test/fixtures.ts";
import { baseUrlOf, closeListeningApp, type EventStream, openEventStream } from "#server/test/sse-client.ts";
import { MAX_STREAMS_PER_USER, STREAM_ACCESS_RECHECK_MS } from "./stream-access.ts";

// As an attacker runs it: a stream opened with a token keeps receiving the company's
// messages after the token is revoked or expires, or after the user leaves the company. A stream
// re-checks its access at least every STREAM_ACCESS_RECHECK_MS (at once when a revocation or a
// membership change is announced) and ends when it is gone; and one user holds a bounded number.

const ACCESS_TOKEN_LIFETIME_MS = 7_200_000;

async function endsWithin(stream: EventStream, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const ended = await Promise.race([stream.ended.then(() => true as const), timeout]);
  clearTimeout(timer);
  return ended;
}

// Waits are on performance.now(): one test fakes Date. Up to 10 s, for a busy two-core machine.
async function connected(stream: EventStream) {
  const deadline = performance.now() + 10_000;
  while (!stream.comments.includes(": connected")) {
    if (performance.now() > deadline) throw new Error("the stream did not connect");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("GET /app/events when access ends", () => {
  let t: TestApp;
  let baseUrl: string;
  const streams: EventStream[] = [];
  const open = async (headers: Record<string, string>) => {
    const stream = await openEventStream(baseUrl, headers);
    streams.push(stream);
    return stream;
  };
  const someone = async () => {
    const { user, company } = await createMember(t.db);
    return { user, companyId: company.id };
  };
  // The company's next event, which a closed stream must never see.
  const announce = (companyId: string) =>
    t.app.events.publish(companyId, { type: "task.created", taskId: "after", state: "to_do" });

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    baseUrl = baseUrlOf(t.app.server.address());
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await closeListeningApp(t.app, t.close);
  });

  it("closes the stream when its token is revoked, and sends nothing after", async () => {
    const { user, companyId } = await someone();
    const { access_token } = await signIn(t.app, user.email);
    // Only the stream's intervals are faked: sockets, the database and the clock keep real time.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const stream = await open(apiHeaders(access_token, companyId));
    await connected(stream);

    const revoked = await t.app.inject({
      method: "POST",
      url: "/oauth/revoke.json",
      headers: apiHeaders(),
      payload: { token: access_token, client_id: WEB_CLIENT_ID },
    });
    expect(revoked.statusCode).toBe(200);
    vi.advanceTimersByTime(STREAM_ACCESS_RECHECK_MS);
    expect(await endsWithin(stream, 10_000)).toBe(true);
    await announce(companyId);
    await expect(stream.next(() => true, 300)).rejects.toThrow("the event stream ended");
  });

  it("closes the stream within the re-check interval once its token expires", async () => {
    const { user, companyId } = await someone();
    // The app's clock is faked too, so the token's life is counted on it: a second and a half of real
    // time could run out before a busy machine had even opened the stream.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"], now: Date.now() });
    // A token with 45 s to live: it outlives the first re-check (30 s on), not the second (60 s on).
    const token = await issueTokenFor(t.db, user.id, new Date(Date.now() - ACCESS_TOKEN_LIFETIME_MS + 45_000));
    const stream = await open(apiHeaders(token.accessToken, companyId));
    await connected(stream);
    vi.advanceTimersByTime(STREAM_ACCESS_RECHECK_MS);
    expect(await endsWithin(stream, 500)).toBe(false);

    vi.advanceTimersByTime(STREAM_ACCESS_RECHECK_MS);
    expect(await endsWithin(stream, 10_000)).toBe(true);
    await announce(companyId);
    await expect(stream.next(() => true, 300)).rejects.toThrow("the event stream ended");
  });

  it("closes the stream when the user is no longer a member of the company", async () => {
    const { user, companyId } = await someone();
    const token = await issueTokenFor(t.db, user.id);
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const stream = await open(apiHeaders(token.accessToken, companyId));
    await connected(stream);

    // No endpoint removes members yet: this is what one does (the row goes, then the notice).
    await t.db.execute(sql`delete from memberships where user_id = ${user.id} and company_id = ${companyId}`);
    await t.app.events.notify({ topic: "user.changed", userId: user.id });
    vi.advanceTimersByTime(STREAM_ACCESS_RECHECK_MS);
    expect(await endsWithin(stream, 10_000)).toBe(true);
    await announce(companyId);
    await expect(stream.next(() => true, 300)).rejects.toThrow("the event stream ended");
  });

  it(`lets one user hold ${MAX_STREAMS_PER_USER} open streams: one more is a 429 until one closes`, async () => {
    const { user, companyId } = await someone();
    const headers = apiHeaders((await issueTokenFor(t.db, user.id)).accessToken, companyId);
    const mine: EventStream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) {
      const stream = await open(headers);
      expect(stream.response.status).toBe(200);
      mine.push(stream);
    }
    const refused = await fetch(`${baseUrl}/app/events`, { headers });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("30");
    expect(await refused.json()).toEqual({
      error: "too_many_streams",
      error_description: `At most ${MAX_STREAMS_PER_USER} live event streams may be open at once: close another tab or window`,
    });

    // Another user of the same company is not held to the first one's streams.
    const other = await createMember(t.db);
    await t.db.execute(
      sql`insert into memberships (user_id, company_id, role) values (${other.user.id}, ${companyId}, 'member')`,
    );
    const theirs = await open(apiHeaders((await issueTokenFor(t.db, other.user.id)).accessToken, companyId));
    expect(theirs.response.status).toBe(200);

    // Once one of the first user's streams closes, they may open another.
    const before = t.app.events.subscriberCount(companyId);
    mine[0]!.close();
    const deadline = performance.now() + 10_000;
    while (t.app.events.subscriberCount(companyId) >= before && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await open(headers)).response.status).toBe(200);
  });
});
