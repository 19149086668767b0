import { z } from "zod";

// The company the browser works in, kept in localStorage.
export const SELECTED_COMPANY_KEY = "selectedCompany";

export const selectedCompanySchema = z.looseObject({ id: z.string().min(1), name: z.string().optional() });
export type SelectedCompany = z.infer<typeof selectedCompanySchema>;

/**
 * Unparseable stored data is discarded (returns null); same rules as `selectedCompanySchema`, written
 * without zod because it runs in the browser shell's initial bundle, which must stay small.
 */
export function parseStoredCompany(raw: string | null | undefined): SelectedCompany | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const company = value as Record<string, unknown>;
  if (typeof company.id !== "string" || company.id.length === 0) return null;
  if (company.name !== undefined && typeof company.name !== "string") return null;
  return company as SelectedCompany;
}

/**
 * Reconciles the stored selection with the companies the user manages: keep it when it is in the
 * list, otherwise pick the first managed company; with an empty list the selection is cleared.
 */
export function reconcileSelectedCompany<T extends { id: string }>(
  stored: { id: string } | null,
  managed: readonly T[],
): T | null {
  if (managed.length === 0) return null;
  return managed.find((company) => company.id === stored?.id) ?? managed[0] ?? null;
}
