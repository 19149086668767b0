import type { DepartmentKind } from "./kinds.ts";

// The spec's department categories: sales and retention sell, support and collections serve
// customers; analytics reports on both. Used wherever departments are grouped.
export const DEPARTMENT_CATEGORIES = ["sales", "customer support"] as const;
export type DepartmentCategory = (typeof DEPARTMENT_CATEGORIES)[number];

export const DEPARTMENT_CATEGORY: Record<DepartmentKind, DepartmentCategory | null> = {
  sales: "sales",
  retention: "sales",
  support: "customer support",
  collections: "customer support",
  analytics: null,
};
