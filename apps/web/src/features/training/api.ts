import type {
  KnowledgeEntry,
  KnowledgePassage,
  Product,
  ProductInput,
  ProductPatch,
  ProductsImportResult,
  ProductsPage,
  SkillDetail,
  SkillInput,
  SkillList,
  SkillPatch,
} from "@foreman/contract";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";

// The training centre's API as its screen uses it: the catalog (products, import, export) and the
// knowledge base (entries, uploads, hand-written entries, the test search), plus the AI employees'
// names the knowledge base shows.

const scoped = (companyId: string) => ({ companyScoped: true as const, companyId });
const productPath = (id: string) => `/app/products/${encodeURIComponent(id)}.json`;
const entryPath = (id: string, suffix = ".json") => `/app/knowledge_base_entries/${encodeURIComponent(id)}${suffix}`;

export const PRODUCTS_PER_PAGE = 25;

export type ProductsListParams = { q: string | undefined; page: number };

export const trainingKeys = {
  products: (companyId: string) => ["products", companyId] as const,
  productsPage: (companyId: string, params: ProductsListParams) => ["products", companyId, "page", params] as const,
  knowledge: (companyId: string) => ["knowledge", companyId, "entries"] as const,
  skills: (companyId: string) => ["skills", companyId] as const,
};

// ---------------------------------------------------------------------------------------------------
// Catalog

/** `GET /app/products.json`: one page of the catalog, by name, with the total the search matches. */
export function productsQueryOptions(companyId: string, params: ProductsListParams) {
  return queryOptions({
    queryKey: trainingKeys.productsPage(companyId, params),
    queryFn: ({ signal }) =>
      apiRequest<ProductsPage>("/app/products.json", {
        ...scoped(companyId),
        signal,
        query: { q: params.q, page: params.page, perPage: PRODUCTS_PER_PAGE },
      }),
  });
}

export function createProduct(companyId: string, input: ProductInput) {
  return apiRequest<Product>("/app/products.json", { ...scoped(companyId), method: "POST", body: input });
}

/** `PATCH /app/products/{id}.json`: any subset; `active: false` takes the product out of sale. */
export function updateProduct(companyId: string, id: string, patch: ProductPatch) {
  return apiRequest<Product>(productPath(id), { ...scoped(companyId), method: "PATCH", body: patch });
}

/** `POST /app/products/import.json`; a 422 carries `details: [{line, column, message}]` and wrote nothing. */
export function importProducts(companyId: string, file: File) {
  const form = new FormData();
  form.append("file", file, file.name);
  return apiRequest<ProductsImportResult>("/app/products/import.json", {
    ...scoped(companyId),
    method: "POST",
    body: form,
  });
}

/** The catalog as CSV (behind the bearer token, so fetched rather than linked). */
export function exportProductsCsv(companyId: string) {
  return apiRequest<Blob>("/app/products/export.csv", { ...scoped(companyId), responseType: "blob" });
}

export const invalidateProducts = (queryClient: QueryClient, companyId: string) =>
  queryClient.invalidateQueries({ queryKey: trainingKeys.products(companyId) });

// ---------------------------------------------------------------------------------------------------
// Knowledge base

export type KnowledgeEntriesList = { entries: KnowledgeEntry[] };

export function knowledgeEntriesQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: trainingKeys.knowledge(companyId),
    queryFn: ({ signal }) =>
      apiRequest<KnowledgeEntriesList>("/app/knowledge_base_entries.json", { ...scoped(companyId), signal }),
  });
}

/** Uploads a file (multipart); 422 says why its content was refused, 413 that it is over 20 MB. */
export function uploadKnowledgeFile(companyId: string, file: File, aiEmployeeIds: readonly string[] = []) {
  const form = new FormData();
  form.append("file", file, file.name);
  if (aiEmployeeIds.length > 0) form.append("ai_employee_ids", aiEmployeeIds.join(","));
  return apiRequest<KnowledgeEntry>("/app/knowledge_base_entries.json", {
    ...scoped(companyId),
    method: "POST",
    body: form,
  });
}

export type KnowledgeTextInput =
  | { source: "qa"; question: string; answer: string; title?: string; aiEmployeeIds?: string[] }
  | { source: "note"; title: string; body: string; aiEmployeeIds?: string[] };

export function createKnowledgeText(companyId: string, input: KnowledgeTextInput) {
  return apiRequest<KnowledgeEntry>("/app/knowledge_base_entries.json", {
    ...scoped(companyId),
    method: "POST",
    body: input,
  });
}

export function deleteKnowledgeEntry(companyId: string, id: string) {
  return apiRequest<void>(entryPath(id), { ...scoped(companyId), method: "DELETE" });
}

/** The original file as it was uploaded. */
export function downloadKnowledgeFile(companyId: string, id: string) {
  return apiRequest<Blob>(entryPath(id, "/file"), { ...scoped(companyId), responseType: "blob" });
}

export function searchKnowledge(companyId: string, input: { query: string; aiEmployeeId?: string }) {
  return apiRequest<{ passages: KnowledgePassage[] }>("/app/knowledge_base/search.json", {
    ...scoped(companyId),
    method: "POST",
    body: input,
  });
}

export const invalidateKnowledge = (queryClient: QueryClient, companyId: string) =>
  queryClient.invalidateQueries({ queryKey: trainingKeys.knowledge(companyId) });

// ---------------------------------------------------------------------------------------------------
// Skills

const skillPath = (id: string) => `/app/skills/${encodeURIComponent(id)}.json`;

/** `GET /app/skills.json`: each skill, the tools it grants and the AI employees that have it. */
export function skillsQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: trainingKeys.skills(companyId),
    queryFn: ({ signal }) => apiRequest<SkillList>("/app/skills.json", { ...scoped(companyId), signal }),
  });
}

export function createSkill(companyId: string, input: SkillInput) {
  return apiRequest<SkillDetail>("/app/skills.json", { ...scoped(companyId), method: "POST", body: input });
}

export function updateSkill(companyId: string, id: string, patch: SkillPatch) {
  return apiRequest<SkillDetail>(skillPath(id), { ...scoped(companyId), method: "PATCH", body: patch });
}

export function deleteSkill(companyId: string, id: string) {
  return apiRequest<void>(skillPath(id), { ...scoped(companyId), method: "DELETE" });
}

/** Gives the employee the skill (`has`), or takes it away: the employee's next reply has or lacks its tools. */
export function setSkillHolder(companyId: string, skillId: string, aiEmployeeId: string, has: boolean) {
  const path = `/app/skills/${encodeURIComponent(skillId)}/ai_employees/${encodeURIComponent(aiEmployeeId)}.json`;
  return apiRequest<SkillDetail>(path, { ...scoped(companyId), method: has ? "PUT" : "DELETE" });
}

export const invalidateSkills = (queryClient: QueryClient, companyId: string) =>
  queryClient.invalidateQueries({ queryKey: trainingKeys.skills(companyId) });

// ---------------------------------------------------------------------------------------------------
// AI employees (names only): shared with the other screens that name one, so they live in lib.

export { type EmployeeName, employeeNamesQueryOptions } from "#web/lib/workforce.ts";
