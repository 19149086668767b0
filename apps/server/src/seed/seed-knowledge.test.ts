import { describe, expect, it } from "vitest";
import { parseCsvRows } from "#server/modules/knowledge/extract/csv.ts";
import { chunkSections, extractSections, sniffKnowledgeFile } from "#server/modules/knowledge/extract/index.ts";
import { DEMO_COMPANIES } from "./demo-data.ts";
import { DEMO_KNOWLEDGE, readDemoDocument } from "./seed-knowledge.ts";

// The demo documents are files in the repository, written by hand: these checks keep them readable by
// the knowledge module and keep the price lists equal to the catalog the seed creates.

/** A price as the company writes it: "3.50" in dollars, "14.900" in Chilean pesos (no decimals). */
function parsePrice(text: string, currency: string): number {
  if (currency === "CLP") {
    expect(text).toMatch(/^\d{1,3}(\.\d{3})*$/);
    return Number(text.replaceAll(".", ""));
  }
  expect(text).toMatch(/^\d+\.\d{2}$/);
  return Number(text);
}

describe("the demo documents", () => {
  it("exist for every demo company: a price list, a shipping and returns policy and a product FAQ", () => {
    for (const company of DEMO_COMPANIES) {
      const set = DEMO_KNOWLEDGE[company.name];
      expect(set, company.name).toBeDefined();
      expect(set!.documents.map((d) => d.fileName.split(".").pop())).toEqual(["csv", "md", "html"]);
    }
  });

  it("are read by the knowledge module as what their names say, into a few chunks each", async () => {
    for (const [name, set] of Object.entries(DEMO_KNOWLEDGE)) {
      for (const document of set.documents) {
        const bytes = await readDemoDocument(name, document.fileName);
        const sniffed = sniffKnowledgeFile(document.fileName, bytes);
        expect(sniffed, document.fileName).toMatchObject({ ok: true });
        if (!sniffed.ok) continue;
        const chunks = chunkSections((await extractSections(sniffed.kind, bytes)).sections);
        expect(chunks.length, document.fileName).toBeGreaterThan(1);
        // 1–3 pages of text each.
        const characters = chunks.reduce((sum, chunk) => sum + chunk.text.length, 0);
        expect(characters, document.fileName).toBeGreaterThan(1_000);
        expect(characters, document.fileName).toBeLessThan(12_000);
      }
    }
  });

  it("list exactly the seeded catalog: each product's SKU, name, unit and price in the company's currency", async () => {
    for (const company of DEMO_COMPANIES) {
      const priceList = DEMO_KNOWLEDGE[company.name]!.documents.find((d) => d.fileName.endsWith(".csv"))!;
      const [header, ...rows] = parseCsvRows(
        (await readDemoDocument(company.name, priceList.fileName)).toString("utf8"),
      );
      expect(header![3], "the price column names the currency").toContain(`(${company.currency})`);
      expect(
        rows.map(([sku, name, unit, price]) => ({
          sku,
          name,
          measureUnit: unit,
          unitPrice: parsePrice(price!, company.currency),
        })),
        company.name,
      ).toEqual(company.sales.products);
    }
  });
});
