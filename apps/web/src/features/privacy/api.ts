import type { DataExport, MemberCompany, PrivacySettings } from "@foreman/contract";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { meQueryKey, meQueryOptions } from "#web/lib/me.ts";

// Settings → Privacy: the retention period, the company's data exports and its deletion.

const scoped = (companyId: string) => ({ companyScoped: true as const, companyId });
const deletionPath = (companyId: string) => `/app/companies/${encodeURIComponent(companyId)}/deletion.json`;

/** How often the tab asks for an export's progress while one is being written. */
export const EXPORT_POLL_MS = 1500;

// The shell's deletion banner (components/layout/deletion-banner.tsx) refreshes this key after a restore.
export const privacyKeys = { settings: (companyId: string) => ["privacy", companyId] as const };

const unfinished = (exports: DataExport[] | undefined) =>
  exports?.some((item) => item.state === "queued" || item.state === "running") ?? false;

/** `GET /app/privacy.json`: asked again every 1.5 s while an export is being written (its progress). */
export function privacyQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: privacyKeys.settings(companyId),
    queryFn: ({ signal }) => apiRequest<PrivacySettings>("/app/privacy.json", { ...scoped(companyId), signal }),
    refetchInterval: (query) => (unfinished(query.state.data?.exports) ? EXPORT_POLL_MS : false),
  });
}

/** `PATCH /app/privacy.json` (owners and admins): days, or null for forever. */
export function updateRetention(companyId: string, retentionDays: number | null) {
  return apiRequest<PrivacySettings>("/app/privacy.json", {
    ...scoped(companyId),
    method: "PATCH",
    body: { retentionDays },
  });
}

/** `POST /app/data_exports.json` (owners): the export, queued. */
export function startExport(companyId: string) {
  return apiRequest<DataExport>("/app/data_exports.json", { ...scoped(companyId), method: "POST" });
}

/** The zip, fetched with the session (the archive is behind the bearer token, not a cookie). */
export function fetchExportArchive(companyId: string, downloadUrl: string) {
  return apiRequest<Blob>(downloadUrl, { ...scoped(companyId), responseType: "blob" });
}

/** `POST /app/companies/{id}/deletion.json` (owners): `confirm` is the company's name, typed. */
export function scheduleDeletion(companyId: string, confirm: string) {
  return apiRequest<PrivacySettings>(deletionPath(companyId), {
    ...scoped(companyId),
    method: "POST",
    body: { confirm },
  });
}

/** `DELETE /app/companies/{id}/deletion.json` (owners, within the grace period). */
export function restoreCompany(companyId: string) {
  return apiRequest<PrivacySettings>(deletionPath(companyId), { ...scoped(companyId), method: "DELETE" });
}

/** After a deletion is scheduled or called off: the tab, and the shell's banner (/app/me.json). */
export async function invalidateDeletion(queryClient: QueryClient, companyId: string) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: privacyKeys.settings(companyId) }),
    queryClient.invalidateQueries({ queryKey: meQueryKey }),
  ]);
}

/** The viewer's membership of the selected company as /app/me.json tells it (null until known). */
export function useSelectedCompany(): MemberCompany | null {
  const companyId = useCompanyId();
  const { data: me } = useQuery(meQueryOptions());
  return me?.managedCompanies.find((company) => company.id === companyId) ?? null;
}
