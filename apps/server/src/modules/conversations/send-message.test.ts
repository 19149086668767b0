import { ATTACHMENT_MAX_BYTES, camelizeKeys, type LiveEvent, type Message, messageSchema } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { createConversation, insertThread, multipartBody, writeState } from "#server/test/conversations-setup.ts";
import { addMember, apiHeaders, createMember, createUser, issueTokenFor } from "#server/test/fixtures.ts";
import { rows } from "#server/test/sales-setup.ts";

// POST /app/conversations/{id}/messages.json: a staff reply as JSON or multipart, the takeover, the
// live events, the files it stores (served at their URLs), and every refusal writing nothing.

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const pdf = new TextEncoder().encode("%PDF-1.4\n%âãÏÓ\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

describe("POST /app/conversations/{id}/messages.json", () => {
  let t: TestApp;
  let companyId: string;
  let token: string;
  let userId: string;
  let conversation: string;
  let foreign: string;
  const events: LiveEvent[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const member = await createMember(t.db, "Reply Co");
    companyId = member.company.id;
    userId = member.user.id;
    await t.db.execute(sql`update users set first_name = 'Sam', last_name = 'Staff' where id = ${userId}`);
    token = (await issueTokenFor(t.db, userId)).accessToken;
    const other = await createMember(t.db, "Other Co");
    foreign = await createConversation(t.db, other.company.id);
    t.app.events.subscribe(companyId, (event) => events.push(event));
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    conversation = await createConversation(t.db, companyId, { status: "resolved", handledBy: "ai" });
    await insertThread(t.db, companyId, conversation, 3);
  });

  const url = (id: string) => `/app/conversations/${id}/messages.json`;
  const postJson = (id: string, payload: unknown, headers = apiHeaders(token, companyId)) =>
    t.app.inject({ method: "POST", url: url(id), headers, payload: payload as object });
  const postForm = async (id: string, body: Awaited<ReturnType<typeof multipartBody>>) =>
    t.app.inject({
      method: "POST",
      url: url(id),
      headers: { ...apiHeaders(token, companyId), "content-type": body.contentType },
      payload: body.payload,
    });
  const conversationRow = async (id: string) =>
    (
      await rows(
        t.db,
        sql`select status, handled_by, taken_over_by_user_id,
            (extract(epoch from taken_over_at) * 1000)::float8 as taken_over_at,
            (extract(epoch from last_activity_at) * 1000)::float8 as last_activity_at
          from conversations where id = ${id}`,
      )
    )[0]!;
  /** The events about one conversation (each test has its own: a late NOTIFY from an earlier test cannot mix in). */
  const eventsOf = (id: string) => events.filter((event) => "conversationId" in event && event.conversationId === id);
  /** The live events have gone out once the bus delivered them (PostgreSQL's goes through NOTIFY). */
  const eventsFor = async (id: string, count: number) => {
    await expect.poll(() => eventsOf(id).length).toBeGreaterThanOrEqual(count);
    return eventsOf(id);
  };

  it("records the reply as the signed-in staff member's and takes the conversation over", async () => {
    const response = await postJson(conversation, { content: "  I'll take it from here.  " });
    expect(response.statusCode, response.body).toBe(201);
    const message = camelizeKeys<Message>(response.json());
    expect(messageSchema.safeParse(message).success).toBe(true);
    expect(message).toMatchObject({
      conversationId: conversation,
      senderType: "staff",
      senderName: "Sam Staff",
      avatarUrl: null,
      content: "I'll take it from here.",
      attachments: [],
    });
    const [row] = await rows(t.db, sql`select user_id, sender_type, content from messages where id = ${message.id}`);
    expect(row).toEqual({ user_id: userId, sender_type: "staff", content: "I'll take it from here." });
    const state = await conversationRow(conversation);
    expect(state).toMatchObject({ status: "open", handled_by: "staff", taken_over_by_user_id: userId });
    expect(state.taken_over_at).toBe(Date.parse(message.createdAt!));
    expect(state.last_activity_at).toBe(Date.parse(message.createdAt!));

    // The newest message of the thread, and the conversation's detail says who took over.
    const page = (
      await t.app.inject({ method: "GET", url: `${url(conversation)}?limit=1`, headers: apiHeaders(token, companyId) })
    ).json();
    expect(page.messages[0].id).toBe(message.id);
    const detail = (
      await t.app.inject({
        method: "GET",
        url: `/app/conversations/${conversation}.json`,
        headers: apiHeaders(token, companyId),
      })
    ).json();
    expect(detail).toMatchObject({ handled_by: "staff", taken_over_by: { id: userId, name: "Sam Staff" } });

    // One activity in the company's log, in the same transaction as the reply.
    const [{ display_id }] = (await rows(
      t.db,
      sql`select display_id from conversations where id = ${conversation}`,
    )) as [{ display_id: number }];
    const activities = await rows(
      t.db,
      sql`select a.company_id, a.kind, a.actor_type, a.actor_user_id, a.actor_name, a.subject_type, a.summary, a.details
          from activities a where a.subject_id = ${conversation}`,
    );
    expect(activities).toEqual([
      {
        company_id: companyId,
        kind: "conversation.staff_reply",
        actor_type: "user",
        actor_user_id: userId,
        actor_name: "Sam Staff",
        subject_type: "conversation",
        summary: `Replied in conversation #${display_id}`,
        details: { messageId: message.id, attachments: 0 },
      },
    ]);
  });

  it("announces message.created with the message and conversation.updated", async () => {
    const message = camelizeKeys<Message>((await postJson(conversation, { content: "On it" })).json());
    const received = await eventsFor(conversation, 2);
    expect(received).toEqual([
      { type: "message.created", conversationId: conversation, message },
      { type: "conversation.updated", conversationId: conversation },
    ]);
  });

  it("keeps the first staff member as the one who took over", async () => {
    const first = camelizeKeys<Message>((await postJson(conversation, { content: "First" })).json());
    const colleague = await createUser(t.db, { firstName: "Cleo", lastName: "Colleague" });
    await addMember(t.db, colleague.id, companyId);
    const colleagueToken = (await issueTokenFor(t.db, colleague.id)).accessToken;
    const second = await postJson(conversation, { content: "Second" }, apiHeaders(colleagueToken, companyId));
    expect(second.json()).toMatchObject({ sender_name: "Cleo Colleague" });
    const state = await conversationRow(conversation);
    expect(state).toMatchObject({ taken_over_by_user_id: userId, taken_over_at: Date.parse(first.createdAt!) });
    expect(state.last_activity_at).toBe(Date.parse(second.json().created_at));
  });

  it("stores multipart files and serves each at its URL", async () => {
    const body = await multipartBody({ content: "Plan and quote attached" }, [
      { name: "floor plan.png", type: "image/png", data: png },
      { name: "cotización.pdf", type: "application/pdf", data: pdf },
      { name: "notes.txt", type: "text/plain", data: new TextEncoder().encode("hello") },
    ]);
    const response = await postForm(conversation, body);
    expect(response.statusCode, response.body).toBe(201);
    const message = camelizeKeys<Message>(response.json());
    expect(message.content).toBe("Plan and quote attached");
    expect(message.attachments.map((a) => [a.fileName, a.contentType, a.byteSize]).sort()).toEqual(
      [
        ["cotización.pdf", "application/pdf", pdf.byteLength],
        ["floor plan.png", "image/png", png.byteLength],
        ["notes.txt", "text/plain", 5],
      ].sort(),
    );
    // The page of messages lists them the same way.
    const page = (
      await t.app.inject({ method: "GET", url: `${url(conversation)}?limit=1`, headers: apiHeaders(token, companyId) })
    ).json();
    expect(page.messages[0].attachments.map((a: { id: string }) => a.id)).toEqual(message.attachments.map((a) => a.id));

    const serve = (path: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: "GET", url: path, headers });
    const [image, document, text] = ["floor plan.png", "cotización.pdf", "notes.txt"].map(
      (name) => message.attachments.find((a) => a.fileName === name)!,
    );
    const imageResponse = await serve(image!.url);
    expect(imageResponse.statusCode).toBe(200);
    expect([...imageResponse.rawPayload]).toEqual([...png]);
    expect(imageResponse.headers).toMatchObject({
      "content-type": "image/png",
      "content-length": String(png.byteLength),
      "x-content-type-options": "nosniff",
      "cache-control": "private, max-age=31536000, immutable",
    });
    expect(imageResponse.headers["content-disposition"]).toBe(
      `inline; filename="floor plan.png"; filename*=UTF-8''floor%20plan.png`,
    );
    expect(imageResponse.headers["content-security-policy"]).toContain("sandbox");

    const pdfResponse = await serve(document!.url);
    expect([...pdfResponse.rawPayload]).toEqual([...pdf]);
    expect(pdfResponse.headers["content-disposition"]).toBe(
      `inline; filename="cotizaci_n.pdf"; filename*=UTF-8''cotizaci%C3%B3n.pdf`,
    );
    const textResponse = await serve(text!.url);
    expect(textResponse.body).toBe("hello");
    expect(textResponse.headers["content-disposition"]).toMatch(/^attachment; /);

    // No bearer header needed, and a page request (Accept: text/html) still gets the file, not the SPA.
    expect((await serve(image!.url, { accept: "text/html" })).headers["content-type"]).toBe("image/png");
  });

  it("answers one 404 for a wrong key, an unknown id or a malformed one", async () => {
    const body = await multipartBody({ content: "x" }, [{ name: "a.png", type: "image/png", data: png }]);
    const [attachment] = camelizeKeys<Message>((await postForm(conversation, body)).json()).attachments;
    const [, , id, key, name] = attachment!.url.split("/");
    const wrongKey = `${key!.slice(0, -1)}${key!.endsWith("A") ? "B" : "A"}`;
    for (const path of [
      `/files/${id}/${wrongKey}/${name}`,
      `/files/${id}/${key!.slice(0, 10)}/${name}`,
      `/files/${crypto.randomUUID()}/${key}/${name}`,
      `/files/not-a-uuid/${key}/${name}`,
      `/files/${id}/${key}`,
    ]) {
      const response = await t.app.inject({ method: "GET", url: path, headers: { accept: "text/html" } });
      expect(response.statusCode, path).toBe(404);
      expect(response.headers["content-type"], path).toMatch(/^application\/json/);
    }
  });

  it("takes base64 attachments in a JSON body", async () => {
    const response = await postJson(conversation, {
      content: "See attached",
      attachments: [{ file_name: "plan.png", content_type: "image/png", data: Buffer.from(png).toString("base64") }],
    });
    expect(response.statusCode, response.body).toBe(201);
    const [attachment] = camelizeKeys<Message>(response.json()).attachments;
    expect(attachment).toMatchObject({ fileName: "plan.png", contentType: "image/png", byteSize: png.byteLength });
    expect([...(await t.app.inject({ method: "GET", url: attachment!.url })).rawPayload]).toEqual([...png]);
  });

  describe("refusals write nothing", () => {
    const refused = async (
      send: () => Promise<{ statusCode: number; json(): unknown }>,
      status: number,
      expectation: Record<string, unknown>,
      id = () => conversation,
    ) => {
      const before = await writeState(t.db, id());
      const response = await send();
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject(expectation);
      expect(await writeState(t.db, id())).toEqual(before);
      expect(eventsOf(id())).toEqual([]);
    };
    const invalid = (field: string, message?: string) => ({
      error: "invalid_request",
      details: [message ? { field, message } : expect.objectContaining({ field })],
    });

    it.each([
      ["empty content", { content: "" }, invalid("content", "Required")],
      ["blank content", { content: "   \n " }, invalid("content", "Required")],
      ["no content", {}, invalid("content", "Required")],
      ["content that is not text", { content: 42 }, invalid("content", "Required")],
      ["4001 characters", { content: "x".repeat(4001) }, invalid("content", "Must be at most 4000 characters")],
    ])("JSON with %s → 400", async (_, payload, expectation) => {
      await refused(() => postJson(conversation, payload), 400, expectation);
    });

    it("accepts exactly 4000 characters", async () => {
      expect((await postJson(conversation, { content: "x".repeat(4000) })).statusCode).toBe(201);
    });

    it.each([
      [
        "a zip file",
        { file_name: "a.zip", content_type: "application/zip", data: "AAAA" },
        "attachments.0.content_type",
      ],
      ["an HTML file", { file_name: "a.html", content_type: "text/html", data: "AAAA" }, "attachments.0.content_type"],
      [
        "a path as file name",
        { file_name: "../a.png", content_type: "image/png", data: "AAAA" },
        "attachments.0.file_name",
      ],
      ["an empty file", { file_name: "a.png", content_type: "image/png", data: "" }, "attachments.0.data"],
      ["data that is not base64", { file_name: "a.png", content_type: "image/png", data: "??" }, "attachments.0.data"],
    ])("JSON with %s → 400", async (_, attachment, field) => {
      await refused(() => postJson(conversation, { content: "x", attachments: [attachment] }), 400, invalid(field));
    });

    it("JSON with a file over 10 MB → 400, and six files → 400", async () => {
      const big = Buffer.alloc(ATTACHMENT_MAX_BYTES + 1, 1).toString("base64");
      await refused(
        () =>
          postJson(conversation, {
            content: "x",
            attachments: [{ file_name: "big.png", content_type: "image/png", data: big }],
          }),
        400,
        invalid("attachments.0.data", "Must be at most 10 MB"),
      );
      const small = { file_name: "a.png", content_type: "image/png", data: "AAAA" };
      await refused(
        () => postJson(conversation, { content: "x", attachments: Array(6).fill(small) }),
        400,
        invalid("attachments", "At most 5 attachments"),
      );
    });

    it.each([
      ["no boundary", (body: Buffer, type: string) => ({ payload: body, contentType: type.split(";")[0]! })],
      ["another boundary", (body: Buffer) => ({ payload: body, contentType: "multipart/form-data; boundary=other" })],
      [
        "a body cut short",
        (body: Buffer, type: string) => ({ payload: body.subarray(0, body.length - 12), contentType: type }),
      ],
      [
        "LF line ends",
        (body: Buffer, type: string) => ({
          payload: Buffer.from(body.toString().replaceAll("\r\n", "\n")),
          contentType: type,
        }),
      ],
    ])("multipart with %s → 400 saying it could not be read", async (_, breakIt) => {
      const good = await multipartBody({ content: "Hello" }, [{ name: "a.png", type: "image/png", data: png }]);
      const broken = breakIt(good.payload, good.contentType);
      await refused(() => postForm(conversation, broken), 400, {
        error: "invalid_request",
        error_description: expect.stringMatching(/^The multipart body could not be read: /),
      });
    });

    it("a NUL character in the content → 400 naming it, in JSON and in multipart", async () => {
      const nul = invalid("content", "Must not contain NUL characters");
      await refused(() => postJson(conversation, { content: "a\u0000b" }), 400, nul);
      await refused(async () => postForm(conversation, await multipartBody({ content: "a\u0000b" })), 400, nul);
    });

    it("multipart without content or with blank content → 400", async () => {
      const file = { name: "a.png", type: "image/png", data: png };
      await refused(async () => postForm(conversation, await multipartBody({}, [file])), 400, invalid("content"));
      await refused(
        async () => postForm(conversation, await multipartBody({ content: "  " }, [file])),
        400,
        invalid("content"),
      );
    });

    it.each([
      [
        "a zip file",
        { name: "a.zip", type: "application/zip", data: png },
        /a\.zip: must be one of images, PDF or plain text/,
      ],
      ["an HTML file", { name: "a.html", type: "text/html", data: png }, /must be one of images, PDF or plain text/],
      ["a file without a type", { name: "a.bin", type: "", data: png }, /must be one of images, PDF or plain text/],
      ["an empty file", { name: "a.png", type: "image/png", data: new Uint8Array() }, /a\.png: must not be empty/],
    ])("multipart with %s → 400 naming it", async (_, file, message) => {
      const ok = { name: "ok.png", type: "image/png", data: png };
      await refused(async () => postForm(conversation, await multipartBody({ content: "x" }, [ok, file])), 400, {
        error: "invalid_request",
        details: [{ field: "attachments.1", message: expect.stringMatching(message) }],
      });
    });

    const html = new TextEncoder().encode("<!doctype html><script>alert(document.cookie)</script>");
    it.each([
      ["an HTML page declared as a PNG", { name: "photo.png", type: "image/png", data: html }],
      ["a PNG declared as a PDF", { name: "quote.pdf", type: "application/pdf", data: png }],
      [
        "a binary file declared as plain text",
        { name: "notes.txt", type: "text/plain", data: new Uint8Array([...png, 0, 0, 0, 13]) },
      ],
    ])("multipart with %s → 400 naming the file, nothing stored", async (_, file) => {
      const ok = { name: "ok.png", type: "image/png", data: png };
      await refused(async () => postForm(conversation, await multipartBody({ content: "x" }, [ok, file])), 400, {
        error: "invalid_request",
        details: [{ field: "attachments.1", message: `${file.name}: its content is not ${file.type}` }],
      });
    });

    it("JSON with an HTML page declared as a PNG → 400 naming the file, nothing stored", async () => {
      const attachment = {
        file_name: "photo.png",
        content_type: "image/png",
        data: Buffer.from(html).toString("base64"),
      };
      await refused(() => postJson(conversation, { content: "x", attachments: [attachment] }), 400, {
        error: "invalid_request",
        details: [{ field: "attachments.0.data", message: "photo.png: its content is not image/png" }],
      });
    });

    it("multipart with a file over 10 MB → 413 naming it; exactly 10 MB is taken", async () => {
      const big = { name: "huge.png", type: "image/png", data: new Uint8Array(ATTACHMENT_MAX_BYTES + 1) };
      await refused(async () => postForm(conversation, await multipartBody({ content: "x" }, [big])), 413, {
        error: "payload_too_large",
        error_description: expect.stringContaining("huge.png is larger than 10 MB"),
      });
      const limitData = new Uint8Array(ATTACHMENT_MAX_BYTES).fill(7);
      limitData.set(png);
      const limit = { name: "limit.png", type: "image/png", data: limitData };
      const response = await postForm(conversation, await multipartBody({ content: "x" }, [limit]));
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().attachments[0].byte_size).toBe(ATTACHMENT_MAX_BYTES);
      const served = await t.app.inject({ method: "GET", url: response.json().attachments[0].url });
      expect(served.rawPayload.equals(Buffer.from(limit.data))).toBe(true);
      // Two 10 MB bodies through busboy and the database: roomier than the default on a busy machine.
    });

    it("multipart with six files → 400", async () => {
      const files = Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.png`, type: "image/png", data: png }));
      await refused(
        async () => postForm(conversation, await multipartBody({ content: "x" }, files)),
        400,
        invalid("attachments", "At most 5 attachments"),
      );
    });

    it.each([
      ["another company's conversation", () => foreign],
      ["an unknown conversation", () => "7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8d"],
      ["a malformed id", () => "12"],
    ])("%s → 404, JSON or multipart", async (_, id) => {
      const target = id();
      const state = () => (target === foreign ? foreign : conversation);
      const expectation = { error: "not_found", error_description: "Conversation not found" };
      await refused(() => postJson(target, { content: "Hello" }), 404, expectation, state);
      const form = await multipartBody({ content: "Hello" }, [{ name: "a.png", type: "image/png", data: png }]);
      await refused(() => postForm(target, form), 404, expectation, state);
    });

    it("a body of another type → 415", async () => {
      await refused(
        () =>
          t.app.inject({
            method: "POST",
            url: url(conversation),
            headers: { ...apiHeaders(token, companyId), "content-type": "application/xml" },
            payload: "<content>Hello</content>",
          }),
        415,
        { error: "unsupported_media_type" },
      );
    });
  });
});
