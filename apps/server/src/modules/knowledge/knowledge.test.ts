import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgentWorld, agentWorld, inbound } from "#server/test/agents-setup.ts";
import { multipart } from "#server/test/multipart.ts";

// The knowledge base through the real HTTP layer and the job queue: uploads checked by content,
// processed to indexed, searched per employee and company, and used by the AI employee's replies.

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures");
const fixture = (name: string) => readFileSync(path.join(fixtures, name));

describe("the knowledge base", () => {
  let w: AgentWorld;
  beforeAll(async () => {
    w = await agentWorld();
  });
  afterAll(async () => {
    await w.t.close();
  });

  const upload = (fileName: string, bytes: Uint8Array, fields: Record<string, string> = {}, headers = w.a.headers) => {
    const body = multipart(fileName, bytes, fields);
    return w.t.app.inject({
      method: "POST",
      url: "/app/knowledge_base_entries.json",
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const write = (body: Record<string, unknown>, headers = w.a.headers) =>
    w.t.app.inject({ method: "POST", url: "/app/knowledge_base_entries.json", headers, payload: body });
  const search = (query: string, aiEmployeeId?: string, headers = w.a.headers) =>
    w.t.app.inject({
      method: "POST",
      url: "/app/knowledge_base/search.json",
      headers,
      payload: { query, ...(aiEmployeeId ? { ai_employee_id: aiEmployeeId } : {}) },
    });
  const counts = () =>
    w.rows(
      sql`select (select count(*) from knowledge_entries)::int as entries, (select count(*) from knowledge_chunks)::int as chunks`,
    );

  it("indexes an uploaded Markdown file, and an AI reply answers from it, naming the source in the trace", async () => {
    const markdown = Buffer.from(
      "# Shipping and returns\n\n## Returns\n\nUnused items can be returned within 45 days for a full refund. Write to returns@acme.test.\n\n## Shipping\n\nWe ship from Rotterdam every Tuesday.\n",
    );
    const created = await upload("policy.md", markdown, { title: "Shipping and returns policy" });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      status: "queued",
      file_kind: "markdown",
      title: "Shipping and returns policy",
    });
    await w.settle();
    const entry = await w.t.app.inject({
      url: `/app/knowledge_base_entries/${created.json().id}.json`,
      headers: w.a.headers,
    });
    expect(entry.json()).toMatchObject({ status: "indexed", progress: 100, chunk_count: expect.any(Number) });

    const found = await search("How many days do I have to return something?");
    expect(found.json().passages[0]).toMatchObject({
      entry_id: created.json().id,
      title: "Shipping and returns policy",
    });
    expect(found.json().passages[0].text).toContain("45 days");

    const sent = await w.send(
      w.a.channel.token,
      inbound("What is your policy on returns and refunds?", { externalId: "kb-1" }),
    );
    await w.settle();
    const [reply] = await w.rows<{ content: string }>(
      sql`select content from messages where conversation_id = ${sent.json().conversation_id} and sender_type = 'ai'`,
    );
    expect(reply!.content).toContain("45 days");
    const [run] = await w.rows<{ steps: { kind: string; passages?: { title: string }[] }[] }>(
      sql`select steps from agent_runs where conversation_id = ${sent.json().conversation_id}`,
    );
    // After the tools the run had, the passages it read, naming their source for staff.
    const passages = run!.steps.find((step) => step.kind === "passages");
    expect(passages!.passages![0]!.title).toContain("Shipping and returns policy");

    // Deleted: the next question no longer finds it.
    expect(
      (
        await w.t.app.inject({
          method: "DELETE",
          url: `/app/knowledge_base_entries/${created.json().id}.json`,
          headers: w.a.headers,
        })
      ).statusCode,
    ).toBe(204);
    expect((await search("return refund days")).json().passages).toEqual([]);
    const again = await w.send(
      w.a.channel.token,
      inbound("What is your policy on returns and refunds?", { externalId: "kb-2" }),
    );
    await w.settle();
    const [after] = await w.rows<{ content: string }>(
      sql`select content from messages where conversation_id = ${again.json().conversation_id} and sender_type = 'ai'`,
    );
    expect(after!.content).not.toContain("45 days");
  });

  it("matches Spanish words with or without their accents, in a hand-written question and answer", async () => {
    const created = await write({
      source: "qa",
      question: "¿Cuál es la política de devoluciones?",
      answer: "Aceptamos devoluciones durante 30 días.",
    });
    expect(created.statusCode, created.body).toBe(201);
    await w.settle();
    const found = await search("politica de devolucion");
    expect(found.json().passages[0]?.text).toContain("30 días");
  });

  it("keeps an entry meant for one employee from the others, and one company's passages from another", async () => {
    const other = (
      await w.rows<{ id: string }>(sql`select id from ai_employees where company_id = ${w.a.companyId}`)
    )[0]!.id;
    const created = await write({
      source: "note",
      title: "Ava only",
      body: "The secret discount code for wholesalers is ZEBRA-42.",
      ai_employee_ids: [w.a.employee.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    await w.settle();
    expect((await search("wholesalers secret code", w.a.employee.id)).json().passages).toHaveLength(1);
    const helper = await w.t.app.inject({
      method: "POST",
      url: "/app/ai_employees.json",
      headers: w.a.headers,
      payload: {
        name: "Other helper",
        role: "Support",
        department_id: (
          await w.rows<{ department_id: string }>(sql`select department_id from ai_employees where id = ${other}`)
        )[0]!.department_id,
      },
    });
    expect(helper.statusCode, helper.body).toBe(201);
    expect((await search("wholesalers secret code", helper.json().id)).json().passages).toEqual([]);
    expect((await search("wholesalers secret code", undefined, w.b.headers)).json().passages).toEqual([]);
  });

  it("refuses a renamed file, an empty one and a 25 MB one with 4xx, storing nothing", async () => {
    const before = await counts();
    const renamed = await upload("report.pdf", Buffer.from("just some text, not a PDF at all"));
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().error_description).toMatch(/not a PDF/);
    expect((await upload("empty.txt", Buffer.alloc(0))).statusCode).toBe(422);
    const huge = await upload("huge.txt", Buffer.alloc(25 * 1024 * 1024, 0x61));
    expect(huge.statusCode).toBe(413);
    expect(await counts()).toEqual(before);
  });

  it("fails the entry of a DOCX whose zip is whole but whose document is cut off, with the reason", async () => {
    // Nothing is opened in the request: the job finds the damage, on the extraction thread.
    const corrupt = await upload("corrupt.docx", fixture("corrupt.docx"));
    expect(corrupt.statusCode, corrupt.body).toBe(201);
    await w.settle();
    const entry = await w.t.app.inject({
      url: `/app/knowledge_base_entries/${corrupt.json().id}.json`,
      headers: w.a.headers,
    });
    expect(entry.json()).toMatchObject({
      status: "failed",
      error: "This Word document is damaged or incomplete, so its text could not be read.",
      chunk_count: 0,
    });
  });

  it("reads a PDF and a DOCX through to indexed, and serves the original back", async () => {
    const pdf = await upload("course-guide.pdf", fixture("course-guide.pdf"));
    const docx = await upload("student-guide.docx", fixture("student-guide.docx"));
    expect([pdf.statusCode, docx.statusCode]).toEqual([201, 201]);
    await w.settle();
    for (const id of [pdf.json().id, docx.json().id]) {
      const entry = await w.t.app.inject({ url: `/app/knowledge_base_entries/${id}.json`, headers: w.a.headers });
      expect(entry.json().status, entry.body).toBe("indexed");
    }
    const file = await w.t.app.inject({
      url: `/app/knowledge_base_entries/${pdf.json().id}/file`,
      headers: w.a.headers,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.rawPayload.equals(fixture("course-guide.pdf"))).toBe(true);
    const foreign = await w.t.app.inject({
      url: `/app/knowledge_base_entries/${pdf.json().id}/file`,
      headers: w.b.headers,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
