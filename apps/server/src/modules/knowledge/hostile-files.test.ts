import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgentWorld, agentWorld } from "#server/test/agents-setup.ts";
import { multipart } from "#server/test/multipart.ts";
import {
  craftedHtml,
  craftedMarkdown,
  docxBomb,
  docxWithVariedParagraphs,
  manyPagesPdf,
} from "./fixtures/hostile-files.mjs";

// No upload may take the server down. Each hostile file goes through the real upload, and while its
// entry is read GET /app/me.json keeps being asked: the entry ends (indexed or failed with its reason)
// within the time budget, and the event loop stays free. The strict latency figure (100 ms p99) is
// measured by `npm run bench -- knowledge-hostile`; the bounds here hold on a busy two-core machine
// (250 ms and 30 s were passed there: me.json waits on the one PGlite connection the upload also uses)
// and are still below what a blocked loop shows on these files (tens of seconds, or no end).
const BUDGET_MS = 60_000;
const LOOP_FREE_P99_MS = 2_000;

type Watched = { status: string; error: string | null; elapsedMs: number; meMs: number[] };

const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.99) - 1]!;

describe("hostile uploads", () => {
  let w: AgentWorld;
  let pdf10k: Buffer;
  beforeAll(async () => {
    // me.json is asked back to back while files are read: more than the default rate limit allows. The
    // extraction's own time limit (30 s by default; tested below) is out of the way of a busy machine:
    // these files must end for what they are, within BUDGET_MS.
    w = await agentWorld({ env: { RATE_LIMIT_MAX: "100000", KNOWLEDGE_EXTRACT_TIMEOUT_MS: String(2 * BUDGET_MS) } });
    pdf10k = await manyPagesPdf(10_000);
  });
  afterAll(async () => {
    await w.t.close();
  });

  const upload = (fileName: string, bytes: Uint8Array) => {
    const body = multipart(fileName, bytes);
    return w.t.app.inject({
      method: "POST",
      url: "/app/knowledge_base_entries.json",
      headers: { ...w.a.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const counts = () =>
    w.rows(
      sql`select (select count(*) from knowledge_entries)::int as entries, (select count(*) from knowledge_chunks)::int as chunks`,
    );

  /** Asks me.json one request after another until the entry leaves queued/extracting, timing each. */
  async function watch(entryId: string, startedAt: number): Promise<Watched> {
    const meMs: number[] = [];
    for (;;) {
      const sent = performance.now();
      const me = await w.t.app.inject({ url: "/app/me.json", headers: w.a.headers });
      meMs.push(performance.now() - sent);
      expect(me.statusCode).toBe(200);
      const entry = (
        await w.t.app.inject({ url: `/app/knowledge_base_entries/${entryId}.json`, headers: w.a.headers })
      ).json();
      const elapsedMs = performance.now() - startedAt;
      if (entry.status === "indexed" || entry.status === "failed")
        return { status: entry.status, error: entry.error, elapsedMs, meMs };
      if (elapsedMs > BUDGET_MS + 15_000) return { status: entry.status, error: entry.error, elapsedMs, meMs };
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  async function uploadAndWatch(fileName: string, bytes: Uint8Array): Promise<Watched> {
    const startedAt = performance.now();
    const created = await upload(fileName, bytes);
    expect(created.statusCode, created.body).toBe(201);
    const watched = await watch(created.json().id, startedAt);
    console.info(
      `${fileName} (${Math.round(bytes.byteLength / 1024)} KB): ${watched.status} in ${Math.round(watched.elapsedMs)} ms; me.json p99 ${p99(watched.meMs).toFixed(1)} ms, max ${Math.max(...watched.meMs).toFixed(1)} ms over ${watched.meMs.length}`,
    );
    expect(watched.elapsedMs).toBeLessThan(BUDGET_MS);
    expect(p99(watched.meMs)).toBeLessThan(LOOP_FREE_P99_MS);
    return watched;
  }

  it("reads a 200 KB HTML page crafted against the old tag regexes quickly, and indexes its text", async () => {
    const watched = await uploadAndWatch("crafted.html", craftedHtml(200 * 1024));
    expect(watched).toMatchObject({ status: "indexed", error: null });
  });

  it("reads a 200 KB Markdown file crafted against the old inline regexes quickly, and indexes its text", async () => {
    const watched = await uploadAndWatch("crafted.md", craftedMarkdown(200 * 1024));
    expect(watched).toMatchObject({ status: "indexed", error: null });
  });

  it("refuses at upload a 150 KB DOCX whose directory says it inflates to 1 GB, storing nothing", async () => {
    const bomb = await docxBomb();
    expect(bomb.byteLength).toBeLessThan(150 * 1024);
    const before = await counts();
    const sent = performance.now();
    const response = await upload("bomb.docx", bomb);
    expect(performance.now() - sent).toBeLessThan(2000);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().error_description).toBe("The Word file inflates to more than 50 MB.");
    expect(await counts()).toEqual(before);
  });

  it("fails the entry of a 150 KB DOCX that inflates to 1 GB while its headers claim 1 KB", async () => {
    const bomb = await docxBomb({ lie: true });
    expect(bomb.byteLength).toBeLessThan(150 * 1024);
    const watched = await uploadAndWatch("lying-bomb.docx", bomb);
    expect(watched).toMatchObject({ status: "failed", error: "The Word file inflates to more than 50 MB." });
  });

  it("fails the entry of a PDF of 10,000 pages with the page limit", async () => {
    const watched = await uploadAndWatch("ten-thousand-pages.pdf", pdf10k);
    expect(watched).toMatchObject({
      status: "failed",
      error: "The PDF has 10,000 pages; at most 2,000 can be read.",
    });
  });

  it("is still the same process answering after all of them", async () => {
    expect((await w.t.app.inject({ url: "/app/me.json", headers: w.a.headers })).statusCode).toBe(200);
  });
});

describe("the extraction thread's budgets", () => {
  const waitForEnd = async (w: AgentWorld, fileName: string, bytes: Uint8Array) => {
    const body = multipart(fileName, bytes);
    const created = await w.t.app.inject({
      method: "POST",
      url: "/app/knowledge_base_entries.json",
      headers: { ...w.a.headers, ...body.headers },
      payload: body.payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    await w.settle();
    return (
      await w.t.app.inject({ url: `/app/knowledge_base_entries/${created.json().id}.json`, headers: w.a.headers })
    ).json();
  };

  it("stops a file that takes longer than KNOWLEDGE_EXTRACT_TIMEOUT_MS, failing only its entry", async () => {
    const w = await agentWorld({ env: { KNOWLEDGE_EXTRACT_TIMEOUT_MS: "1000" } });
    try {
      const entry = await waitForEnd(w, "long.pdf", await manyPagesPdf(2000));
      expect(entry).toMatchObject({
        status: "failed",
        error: "The file took longer than 1 s to read.",
        chunk_count: 0,
      });
      expect((await w.t.app.inject({ url: "/app/me.json", headers: w.a.headers })).statusCode).toBe(200);
    } finally {
      await w.t.close();
    }
  });

  it("ends a file that needs more heap than KNOWLEDGE_EXTRACT_MEMORY_MB on its own thread, failing only its entry", async () => {
    const w = await agentWorld({ env: { KNOWLEDGE_EXTRACT_MEMORY_MB: "64" } });
    try {
      // 200,000 paragraphs (12 MB of XML, 1.2 MB zipped: within the zip limits), which mammoth holds as a tree.
      const entry = await waitForEnd(w, "heavy.docx", docxWithVariedParagraphs(200_000));
      expect(entry).toMatchObject({
        status: "failed",
        error: "The file needs more than 64 MB to read.",
        chunk_count: 0,
      });
      const small = await waitForEnd(w, "after.md", Buffer.from("# After\n\nThe process is still here."));
      expect(small).toMatchObject({ status: "indexed" });
    } finally {
      await w.t.close();
    }
  });
});
