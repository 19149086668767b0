// The /training address: which section is open, and the catalog's search and page. Checked by hand
// (no zod): the route's validation loads with the shell.

export const TRAINING_TABS = ["catalog", "knowledge", "skills", "integrations"] as const;
export type TrainingTab = (typeof TRAINING_TABS)[number];

export type TrainingSearch = {
  /** Absent: the catalog. */
  tab?: TrainingTab;
  productQ?: string;
  /** Absent: the first page. */
  productPage?: number;
};

const SEARCH_MAX = 100;

export function parseTrainingSearch(search: Record<string, unknown>): TrainingSearch {
  const tab = TRAINING_TABS.find((value) => value !== "catalog" && value === search.tab);
  const q = typeof search.productQ === "string" ? search.productQ.trim().slice(0, SEARCH_MAX) : "";
  const page = Number(search.productPage);
  return {
    tab,
    productQ: q || undefined,
    productPage: Number.isInteger(page) && page > 1 ? page : undefined,
  };
}
