import {
  type Company,
  type CompanySettings,
  type CompanySettingsPatch,
  type Me,
  type MemberCompany,
  reconcileSelectedCompany,
} from "@foreman/contract";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import { clearSelectedCompany, getSelectedCompany, setSelectedCompany } from "#web/lib/selected-company.ts";

// The signed-in user, their companies, and which one the browser works in.

export { fetchMe, meQueryKey, meQueryOptions } from "#web/lib/me.ts";

/**
 * Applies the selection rule to the stored selection: keep it when the user still manages it, else pick the first
 * managed company; with none, clear it. Saves the result and returns it.
 */
export function reconcileCompanySelection(me: Me): Company | null {
  const company = reconcileSelectedCompany(getSelectedCompany(), me.managedCompanies);
  if (company) setSelectedCompany(company);
  else clearSelectedCompany();
  return company;
}

/** The selected company as the server describes it (fresh name and logo), or null. */
export function findSelectedCompany(me: Me, selectedId: string | undefined): MemberCompany | null {
  return me.managedCompanies.find((company) => company.id === selectedId) ?? null;
}

/**
 * `PATCH /app/companies/{id}/settings.json` (owners and admins): the company's settings as they now are.
 * /app/me.json carries them too, so callers refetch it afterwards.
 */
export function updateCompanySettings(companyId: string, patch: CompanySettingsPatch): Promise<CompanySettings> {
  return apiRequest<CompanySettings>(`/app/companies/${encodeURIComponent(companyId)}/settings.json`, {
    companyScoped: true,
    companyId,
    method: "PATCH",
    body: patch,
  });
}

/** `GET /app/companies/{id}/settings.json` (every member): the company's settings as they are. */
export function fetchCompanySettings(companyId: string, signal?: AbortSignal): Promise<CompanySettings> {
  return apiRequest<CompanySettings>(`/app/companies/${encodeURIComponent(companyId)}/settings.json`, {
    companyScoped: true,
    companyId,
    signal,
  });
}

export const companySettingsQueryKey = (companyId: string) => ["company-settings", companyId] as const;

export function companySettingsQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: companySettingsQueryKey(companyId),
    queryFn: ({ signal }) => fetchCompanySettings(companyId, signal),
  });
}
