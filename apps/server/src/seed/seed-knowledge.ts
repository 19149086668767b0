import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Executor } from "#server/db/client.ts";
import { extractSections, sniffKnowledgeFile } from "#server/modules/knowledge/extract/index.ts";
import { storeEntryIndex } from "#server/modules/knowledge/index-entry.ts";
import { insertEntry } from "#server/modules/knowledge/knowledge.repository.ts";
import { REPO_ROOT } from "#server/paths.ts";

// The demo companies' knowledge base: three real documents each (a price list, a shipping and returns
// policy, a product FAQ) in the company's language, stored as uploaded files and indexed at once with
// the knowledge module's own extraction, chunking and writes, so the AI employees answer from them as
// soon as `npm start` has seeded.

/** Where the documents live (a path from the repository root: the server bundle finds it too). */
export const DEMO_KNOWLEDGE_DIR = path.join(REPO_ROOT, "apps/server/src/seed/knowledge");

export type DemoDocument = { title: string; fileName: string };

/** Each demo company's documents, by company name, in the order they are stored. */
export const DEMO_KNOWLEDGE: Record<string, { folder: string; documents: DemoDocument[] }> = {
  "Northwind Supply": {
    folder: "northwind",
    documents: [
      { title: "Price list", fileName: "price-list.csv" },
      { title: "Shipping and returns policy", fileName: "shipping-and-returns.md" },
      { title: "Product FAQ", fileName: "product-faq.html" },
    ],
  },
  "Andes Comercial": {
    folder: "andes",
    documents: [
      { title: "Lista de precios", fileName: "lista-de-precios.csv" },
      { title: "Política de despachos y devoluciones", fileName: "politica-de-despachos-y-devoluciones.md" },
      { title: "Preguntas frecuentes", fileName: "preguntas-frecuentes.html" },
    ],
  },
};

/** The bytes of one of a company's demo documents. */
export function readDemoDocument(companyName: string, fileName: string): Promise<Buffer> {
  const set = DEMO_KNOWLEDGE[companyName];
  if (!set) throw new Error(`No demo documents for ${companyName}`);
  return readFile(path.join(DEMO_KNOWLEDGE_DIR, set.folder, fileName));
}

/**
 * Stores the company's demo documents as knowledge entries for all its AI employees and indexes them
 * in the caller's transaction (entries come out `indexed`, no job queued). The documents are those of
 * the demo company of the same name, or of `demoSet` when given (an eval company named apart from the
 * demo's). A company without demo documents gets none. Returns the entries' ids.
 */
export async function seedKnowledge(
  tx: Executor,
  company: { id: string; name: string; createdByUserId?: string | null; demoSet?: string },
): Promise<string[]> {
  const setName = company.demoSet ?? company.name;
  const set = DEMO_KNOWLEDGE[setName];
  if (!set) return [];
  // Read and extract before writing: the files are small, and a bad one fails before any row is written.
  const documents = await Promise.all(
    set.documents.map(async (document) => {
      const bytes = await readDemoDocument(setName, document.fileName);
      const sniffed = sniffKnowledgeFile(document.fileName, bytes);
      if (!sniffed.ok) throw new Error(`Demo document ${set.folder}/${document.fileName}: ${sniffed.reason}`);
      return { ...document, bytes, sniffed, extracted: await extractSections(sniffed.kind, bytes) };
    }),
  );
  const ids: string[] = [];
  for (const document of documents) {
    const id = await insertEntry(tx, {
      companyId: company.id,
      title: document.title,
      source: "file",
      fileName: document.fileName,
      fileKind: document.sniffed.kind,
      contentType: document.sniffed.contentType,
      byteSize: document.bytes.byteLength,
      fileData: document.bytes,
      aiEmployeeIds: [],
      skillIds: [],
      createdByUserId: company.createdByUserId ?? null,
    });
    await storeEntryIndex(tx, { id, companyId: company.id }, document.extracted);
    ids.push(id);
  }
  return ids;
}
