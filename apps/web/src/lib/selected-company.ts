import { parseStoredCompany, SELECTED_COMPANY_KEY, type SelectedCompany } from "@foreman/contract";
import { useSyncExternalStore } from "react";

// The company the user works in, kept in localStorage under `selectedCompany`.
// Components subscribe so the shell re-renders when the selection changes (in this tab or another).

const listeners = new Set<() => void>();

// useSyncExternalStore needs a stable snapshot: re-parse only when the stored text changes.
let cachedRaw: string | null | undefined;
let cachedCompany: SelectedCompany | null = null;

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** The stored company; unparseable data is discarded and removed. */
export function getSelectedCompany(): SelectedCompany | null {
  const store = storage();
  const raw = store?.getItem(SELECTED_COMPANY_KEY) ?? null;
  if (raw === cachedRaw) return cachedCompany;
  const company = parseStoredCompany(raw);
  if (raw !== null && company === null) store?.removeItem(SELECTED_COMPANY_KEY);
  cachedRaw = company === null ? null : raw;
  cachedCompany = company;
  return company;
}

export function setSelectedCompany(company: SelectedCompany): void {
  const raw = JSON.stringify(company);
  if (raw === storage()?.getItem(SELECTED_COMPANY_KEY)) return;
  storage()?.setItem(SELECTED_COMPANY_KEY, raw);
  notify();
}

export function clearSelectedCompany(): void {
  if (storage()?.getItem(SELECTED_COMPANY_KEY) === null) return;
  storage()?.removeItem(SELECTED_COMPANY_KEY);
  notify();
}

export function subscribeSelectedCompany(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === SELECTED_COMPANY_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useSelectedCompany(): SelectedCompany | null {
  return useSyncExternalStore(subscribeSelectedCompany, getSelectedCompany, () => null);
}
