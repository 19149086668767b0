import { camelizeKeys, widgetSessionSchema } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgentWorld, agentWorld } from "#server/test/agents-setup.ts";
import { baseUrlOf, closeListeningApp, openEventStream } from "#server/test/sse-client.ts";

// The visitor's side of the website chat through the real HTTP layer and pipeline: sessions opened by
// the public key from allowed websites only, each visitor's token opening only their conversation,
// messages answered by the AI employee and by staff, live, in the inbox as web-chat conversations.

const SHOP = "https://shop.example";

describe("the website chat visitor API", () => {
  let w: AgentWorld;
  let chat: { id: string; key: string };
  let bChat: { id: string; key: string };
  let base: string;
  beforeAll(async () => {
    w = await agentWorld();
    const open = async (headers: Record<string, string>, employeeId: string) =>
      (
        await w.t.app.inject({
          method: "POST",
          url: "/app/website_chats.json",
          headers,
          payload: { name: "Website chat", ai_employee_id: employeeId, allowed_origins: [SHOP], greeting: "Hello!" },
        })
      ).json().website_chat;
    chat = await open(w.a.headers, w.a.employee.id);
    bChat = await open(w.b.headers, w.b.employee.id);
    await w.t.app.listen({ port: 0, host: "127.0.0.1" });
    base = baseUrlOf(w.t.app.server.address());
  });
  afterAll(async () => {
    await closeListeningApp(w.t.app, () => w.t.close());
  });

  // Each session comes from an address of its own: the per-address limit has a test of its own below.
  let visitors = 0;
  const session = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    w.t.app.inject({
      method: "POST",
      url: "/widget/v1/sessions",
      headers,
      payload,
      remoteAddress: `198.51.100.${++visitors}`,
    });
  const newVisitor = async (key = chat.key) => {
    const response = await session({ key, origin: SHOP });
    expect(response.statusCode, response.body).toBe(200);
    return widgetSessionSchema.parse(camelizeKeys(response.json())).token;
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const say = (token: string, body: unknown) =>
    w.t.app.inject({ method: "POST", url: "/widget/v1/messages", headers: bearer(token), payload: { body } });
  const read = (token: string) => w.t.app.inject({ url: "/widget/v1/messages", headers: bearer(token) });

  it("opens a session from an allowed website, in the company's words", async () => {
    const response = await session({ key: chat.key, origin: `${SHOP}/` }, { origin: SHOP });
    expect(response.statusCode, response.body).toBe(200);
    const opened = widgetSessionSchema.parse(camelizeKeys(response.json()));
    expect(opened).toMatchObject({
      company: { name: "Acme" },
      language: "en",
      greeting: "Hello!",
      color: "#4F46E5",
      agentName: w.a.employee.name,
      visitor: { name: null, email: null },
      messages: [],
    });
    expect(opened.token.length).toBeGreaterThanOrEqual(43);
    const [stored] = await w.rows<{ token_hash: string; origin: string; full_name: string }>(
      sql`select v.token_hash, v.origin, c.full_name from website_chat_visitors v join customers c on c.id = v.customer_id where v.website_chat_id = ${chat.id} order by v.created_at desc limit 1`,
    );
    expect(stored).toMatchObject({ origin: SHOP, full_name: "Website visitor" });
    expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.token_hash).not.toContain(opened.token);
  });

  it("refuses a website the chat does not allow, by the origin given or the Origin header", async () => {
    const byBody = await session({ key: chat.key, origin: "https://evil.example" });
    expect(byBody.statusCode).toBe(403);
    expect(byBody.json()).toMatchObject({
      error: "origin_not_allowed",
      error_description: "This website may not use this chat",
    });
    const byHeader = await session({ key: chat.key, origin: SHOP }, { origin: "https://evil.example" });
    expect(byHeader.statusCode).toBe(403);
    expect((await session({ key: chat.key, origin: "not an origin" })).statusCode).toBe(403);
    // A page calling the API itself may leave the origin to its browser's Origin header; naming no
    // website at all opens nothing.
    expect((await session({ key: chat.key }, { origin: SHOP })).statusCode).toBe(200);
    expect((await session({ key: chat.key }, { origin: "https://evil.example" })).statusCode).toBe(403);
    expect((await session({ key: chat.key })).statusCode).toBe(403);
    // Foreman's own origin (the demo page) is always allowed.
    const own = await session({ key: chat.key, origin: "http://localhost:80" }, { host: "localhost:80" });
    expect(own.statusCode, own.body).toBe(200);
    expect((await session({ key: "wc_unknown", origin: SHOP })).statusCode).toBe(404);
    // A visitor's token used from a page of another website is refused too.
    const token = await newVisitor();
    const foreignPage = await w.t.app.inject({
      url: "/widget/v1/messages",
      headers: { ...bearer(token), origin: "https://evil.example" },
    });
    expect(foreignPage.statusCode).toBe(403);
  });

  it("answers the visitor through the pipeline, and shows the conversation in the inbox as web chat", async () => {
    const token = await newVisitor();
    const sent = await say(token, "Hello, how much is a pallet jack?");
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().message).toMatchObject({
      from: "visitor",
      author: null,
      body: "Hello, how much is a pallet jack?",
    });
    await w.settle();
    const { messages } = (await read(token)).json();
    expect(messages.map((m: { from: string }) => m.from)).toEqual(["visitor", "ai"]);
    expect(messages[1].author).toBe(w.a.employee.name);
    expect(messages[1].body).toContain("$449");

    const inbox = await w.t.app.inject({ url: "/app/conversations.json?channel=web_chat", headers: w.a.headers });
    expect(inbox.statusCode, inbox.body).toBe(200);
    const [listed] = inbox.json().conversations;
    expect(listed).toMatchObject({ channel: "web_chat", customer: { full_name: "Website visitor" } });
    const [row] = await w.rows(
      sql`select c.website_chat_id, c.ai_employee_id, l.source, l.person_name from conversations c join leads l on l.conversation_id = c.id where c.id = ${listed.id}`,
    );
    expect(row).toEqual({
      website_chat_id: chat.id,
      ai_employee_id: w.a.employee.id,
      source: "Website chat",
      person_name: "Website visitor",
    });
    const chats = (await w.t.app.inject({ url: "/app/website_chats.json", headers: w.a.headers })).json();
    expect(chats.website_chats.find((c: { id: string }) => c.id === chat.id).conversations_count).toBeGreaterThan(0);
  });

  it("resumes the visitor with the stored token; a foreign token opens a new visitor", async () => {
    const token = await newVisitor();
    await say(token, "Remember me?");
    const resumed = await session({ key: chat.key, origin: SHOP, token });
    expect(resumed.json().token).toBe(token);
    expect(resumed.json().messages.map((m: { body: string }) => m.body)).toContain("Remember me?");
    // B's visitor token on A's chat is a stranger here: a new visitor, and nothing of B's.
    const bToken = await newVisitor(bChat.key);
    const crossed = await session({ key: chat.key, origin: SHOP, token: bToken });
    expect(crossed.statusCode).toBe(200);
    expect(crossed.json().token).not.toBe(bToken);
    expect(crossed.json().messages).toEqual([]);
  });

  it("never lets one visitor read, rename or hear another's conversation, nor another company's", async () => {
    const alice = await newVisitor();
    const bob = await newVisitor();
    const carol = await newVisitor(bChat.key);
    await say(alice, "Alice's secret order");
    await say(carol, "Carol's secret at Globex");
    await w.settle();
    for (const token of [bob, carol]) {
      const bodies = JSON.stringify((await read(token)).json());
      expect(bodies).not.toContain("Alice's secret order");
    }
    expect(JSON.stringify((await read(alice)).json())).not.toContain("Carol's secret");
    // Bob naming himself touches only his own customer.
    const named = await w.t.app.inject({
      method: "PATCH",
      url: "/widget/v1/visitor",
      headers: bearer(bob),
      payload: { name: "Bob", email: "bob@example.com" },
    });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json()).toEqual({ visitor: { name: "Bob", email: "bob@example.com" } });
    const aliceSession = await session({ key: chat.key, origin: SHOP, token: alice });
    expect(aliceSession.json().visitor).toEqual({ name: null, email: null });
    // Bob's stream hears Alice's next message? No: only his own.
    const stream = await openEventStream(base, bearer(bob), "/widget/v1/events");
    expect(stream.response.status).toBe(200);
    await say(alice, "Alice again");
    await say(bob, "Bob here");
    const heard = await stream.next((event) => event.event === "message");
    expect(heard.data).toMatchObject({ from: "visitor", body: "Bob here" });
    await w.settle();
    const reply = await stream.next((event) => (event.data as { from: string }).from === "ai", 10_000);
    expect(reply.data).toMatchObject({ from: "ai", author: w.a.employee.name });
    stream.close();
    // A bad token is a 401 on every visitor route.
    const bad = bearer("not-a-token");
    expect((await read("not-a-token")).statusCode).toBe(401);
    expect((await say("not-a-token", "hi")).statusCode).toBe(401);
    expect((await w.t.app.inject({ url: "/widget/v1/events", headers: bad })).statusCode).toBe(401);
    expect(
      (await w.t.app.inject({ method: "PATCH", url: "/widget/v1/visitor", headers: bad, payload: { name: "X" } }))
        .statusCode,
    ).toBe(401);
    expect((await w.t.app.inject({ url: "/widget/v1/messages" })).statusCode).toBe(401);
  });

  it("shows the name and email the visitor gives to staff, and carries a staff reply to the visitor live", async () => {
    const token = await newVisitor();
    await say(token, "I need help with an order");
    await w.settle();
    await w.t.app.inject({
      method: "PATCH",
      url: "/widget/v1/visitor",
      headers: bearer(token),
      payload: { name: "Dana Scully", email: "dana@example.com" },
    });
    const [conversation] = await w.rows<{ id: string }>(
      sql`select c.id from conversations c join website_chat_visitors v on v.customer_id = c.customer_id where v.token_hash = encode(sha256(convert_to(${token}, 'UTF8')), 'hex')`,
    );
    const detail = await w.t.app.inject({ url: `/app/conversations/${conversation!.id}.json`, headers: w.a.headers });
    expect(detail.json().customer).toMatchObject({ full_name: "Dana Scully", email: "dana@example.com" });
    const [lead] = await w.rows(sql`select person_name from leads where conversation_id = ${conversation!.id}`);
    expect(lead).toEqual({ person_name: "Dana Scully" });

    const stream = await openEventStream(base, bearer(token), "/widget/v1/events");
    const staff = await w.t.app.inject({
      method: "POST",
      url: `/app/conversations/${conversation!.id}/messages.json`,
      headers: w.a.headers,
      payload: { content: "Hi Dana, this is a person: I'll check your order." },
    });
    expect(staff.statusCode, staff.body).toBe(201);
    const heard = await stream.next((event) => (event.data as { from: string }).from === "staff");
    expect(heard.data).toMatchObject({ from: "staff", body: "Hi Dana, this is a person: I'll check your order." });
    expect((heard.data as { author: string }).author).not.toContain(" ");
    stream.close();
    const { messages } = (await read(token)).json();
    expect(messages.at(-1)).toMatchObject({ from: "staff" });
  });

  it("limits a message's length with a clear message, and a visitor's pace", async () => {
    const token = await newVisitor();
    const long = await say(token, "x".repeat(2001));
    expect(long.statusCode).toBe(422);
    expect(long.json().error_description).toBe("Messages are at most 2000 characters");
    const empty = await say(token, "   ");
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error_description).toBe("Write a message");
    expect((await say(token, "x".repeat(2000))).statusCode).toBe(201);
    // 19 more in the same minute (written straight in), then the visitor's own limit answers.
    await w.rows(
      sql`insert into messages (company_id, conversation_id, sender_type, sender_name, content)
          select c.company_id, c.id, 'customer', 'Website visitor', 'again' from conversations c
          join website_chat_visitors v on v.customer_id = c.customer_id
          cross join generate_series(1, 19)
          where v.token_hash = encode(sha256(convert_to(${token}, 'UTF8')), 'hex')`,
    );
    const limited = await say(token, "one too many");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error_description).toContain("too fast");
    // Others are not held back.
    expect((await say(await newVisitor(), "hello")).statusCode).toBe(201);
  });

  it("stops a disabled chat's sessions", async () => {
    const token = await newVisitor();
    await w.t.app.inject({
      method: "PATCH",
      url: `/app/website_chats/${chat.id}.json`,
      headers: w.a.headers,
      payload: { enabled: false },
    });
    expect((await session({ key: chat.key, origin: SHOP })).statusCode).toBe(404);
    expect((await read(token)).statusCode).toBe(404);
    await w.t.app.inject({
      method: "PATCH",
      url: `/app/website_chats/${chat.id}.json`,
      headers: w.a.headers,
      payload: { enabled: true },
    });
    expect((await read(token)).statusCode).toBe(200);
  });
});

describe("the website chat's per-address limit", () => {
  let w: AgentWorld;
  beforeAll(async () => {
    w = await agentWorld();
  });
  afterAll(async () => {
    await w.t.close();
  });

  it("refuses sessions beyond the address's limit with a 429 in the error shape", async () => {
    const chat = (
      await w.t.app.inject({
        method: "POST",
        url: "/app/website_chats.json",
        headers: w.a.headers,
        payload: { name: "Chat", ai_employee_id: w.a.employee.id, allowed_origins: [SHOP] },
      })
    ).json().website_chat;
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push(
        (await w.t.app.inject({ method: "POST", url: "/widget/v1/sessions", payload: { key: chat.key, origin: SHOP } }))
          .statusCode,
      );
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    const refused = await w.t.app.inject({
      method: "POST",
      url: "/widget/v1/sessions",
      payload: { key: chat.key, origin: SHOP },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe("too_many_requests");
  });
});
