import { camelizeKeys, type MessageSearchPage, messageSearchPageSchema } from "@foreman/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertMessages } from "#server/db/bulk/conversations.ts";
import { insertCustomers } from "#server/db/bulk/sales.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { createConversation } from "#server/test/conversations-setup.ts";
import { apiHeaders, createMember, issueTokenFor } from "#server/test/fixtures.ts";

// GET /app/messages/search.json: full-text matches newest first with their conversation and a snippet
// whose highlights are offsets, the company's messages only, paging without a total, and bad input.

describe("GET /app/messages/search.json", () => {
  let t: TestApp;
  let companyId: string;
  let token: string;
  let conversationId: string;
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 9, minute));

  beforeAll(async () => {
    t = await createTestApp();
    const member = await createMember(t.db, "Search Co");
    const other = await createMember(t.db, "Other Co");
    companyId = member.company.id;
    token = (await issueTokenFor(t.db, member.user.id)).accessToken;
    const customerId = crypto.randomUUID();
    await insertCustomers(t.db, [{ id: customerId, companyId, fullName: "Dana Delgado" }]);
    conversationId = await createConversation(t.db, companyId, { customerId, channel: "email", displayId: 42 });
    const quiet = await createConversation(t.db, companyId, { displayId: 43 });
    const playground = await createConversation(t.db, companyId, { displayId: 44, isTest: true });
    const foreign = await createConversation(t.db, other.company.id, { displayId: 42 });
    const message = (conversation: string, minute: number, content: string, senderType = "customer" as const) => ({
      companyId: conversation === foreign ? other.company.id : companyId,
      conversationId: conversation,
      senderType,
      senderName: senderType === "customer" ? "Dana" : "Ava",
      content,
      createdAt: at(minute),
    });
    await insertMessages(t.db, [
      message(conversationId, 1, "Can you deliver the oak table on Saturday?"),
      { ...message(conversationId, 2, "Yes, Saturday DELIVERY works. <b>Saturday</b> it is."), senderType: "ai" },
      message(conversationId, 3, `${"Long intro about the order. ".repeat(10)}Please bring the invoice on saturday.`),
      message(quiet, 4, "No weekend words here, just an invoice question."),
      message(playground, 5, "Saturday test from the playground"),
      message(foreign, 6, "Saturday delivery for another company"),
      ...Array.from({ length: 25 }, (_, i) => message(quiet, 10 + i, `Pallet number ${i + 1} is ready`)),
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (query: string, company = companyId) =>
    t.app.inject({ method: "GET", url: `/app/messages/search.json?${query}`, headers: apiHeaders(token, company) });
  const search = async (query: string) => {
    const response = await get(query);
    expect(response.statusCode, response.body).toBe(200);
    const body = camelizeKeys<MessageSearchPage>(response.json());
    expect(messageSearchPageSchema.safeParse(body).success).toBe(true);
    return body;
  };
  const marked = (hit: MessageSearchPage["messages"][number]) =>
    hit.snippet.highlights.map(({ start, end }) => hit.snippet.text.slice(start, end));

  it("answers the company's matching messages newest first, with their conversation and marked snippet", async () => {
    const body = await search("q=saturday");
    expect(body).toMatchObject({ page: 1, perPage: 20, hasMore: false });
    expect(body.messages.map((hit) => hit.createdAt)).toEqual([at(3), at(2), at(1)].map((d) => d.toISOString()));
    const [newest, middle] = body.messages;
    expect(newest).toMatchObject({
      conversationId,
      displayId: 42,
      channel: "email",
      customer: { fullName: "Dana Delgado" },
      senderType: "customer",
      senderName: "Dana",
    });
    // A long message is cut around its match, whole words, with … where it was cut.
    expect(newest!.snippet.text.startsWith("…")).toBe(true);
    expect(newest!.snippet.text.endsWith("on saturday.")).toBe(true);
    expect(marked(newest!)).toEqual(["saturday"]);
    // Markup in a message stays text; every match is marked, whatever its case.
    expect(middle!.snippet.text).toBe("Yes, Saturday DELIVERY works. <b>Saturday</b> it is.");
    expect(marked(middle!)).toEqual(["Saturday", "Saturday"]);
    expect(middle!.senderType).toBe("ai");
  });

  it("reads the text as a search box does: all words, phrases, or, and -word", async () => {
    const ids = async (q: string) =>
      (await search(`q=${encodeURIComponent(q)}`)).messages.map((hit) => hit.snippet.text.slice(0, 20));
    expect(await ids("saturday delivery")).toEqual(["Yes, Saturday DELIVE"]);
    expect(await ids('"oak table"')).toEqual(["Can you deliver the "]);
    expect(await ids("invoice -saturday")).toEqual(["No weekend words her"]);
    expect((await ids("oak or weekend")).length).toBe(2);
    // Whole words: "deliver" does not match "delivery".
    expect(await ids("deliver")).toEqual(["Can you deliver the "]);
    const phrase = await search(`q=${encodeURIComponent('"oak table" -pallet')}`);
    expect(marked(phrase.messages[0]!)).toEqual(["oak", "table"]);
  });

  it("finds nothing for text without words, and another company's or a playground's messages never", async () => {
    expect((await search("q=%21%21%21")).messages).toEqual([]);
    const hits = (await search("q=saturday")).messages;
    expect(hits.some((hit) => hit.snippet.text.includes("another company"))).toBe(false);
    expect(hits.some((hit) => hit.snippet.text.includes("playground"))).toBe(false);
  });

  it("pages with has_more and no total", async () => {
    const first = await search("q=pallet&per_page=10");
    expect(first.messages).toHaveLength(10);
    expect(first.hasMore).toBe(true);
    expect(marked(first.messages[0]!)).toEqual(["Pallet"]);
    const third = await search("q=pallet&per_page=10&page=3");
    expect(third.messages).toHaveLength(5);
    expect(third.hasMore).toBe(false);
    const seen = new Set<string>();
    for (const page of [1, 2, 3])
      for (const hit of (await search(`q=pallet&per_page=10&page=${page}`)).messages) seen.add(hit.id);
    expect(seen.size).toBe(25);
    expect((await search("q=pallet&page=9")).messages).toEqual([]);
  });

  it.each([
    ["no q", "", "q"],
    ["a blank q", "q=%20%20", "q"],
    ["a q over 100 characters", `q=${"a".repeat(101)}`, "q"],
    ["per_page over 50", "q=saturday&per_page=51", "per_page"],
    ["page 0", "q=saturday&page=0", "page"],
  ])("answers 400 for %s", async (_name, query, field) => {
    const response = await get(query);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json().details)).toContain(field);
  });

  it("takes a q of 100 characters once trimmed, and needs the company", async () => {
    expect((await get(`q=%20${"a".repeat(100)}%20`)).statusCode).toBe(200);
    const response = await t.app.inject({
      method: "GET",
      url: "/app/messages/search.json?q=saturday",
      headers: apiHeaders(token),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("No company ID available");
  });
});
