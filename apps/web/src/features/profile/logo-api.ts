import type { Company, Me } from "@foreman/contract";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import { shellDataConfig } from "#web/lib/config.ts";

// The company logo: owners and admins upload or remove it; every member sees it in the switcher.

type LogoAnswer = Pick<Company, "logoSmallUrl">;

// The shell's /app/me.json (features/companies/api.ts), read under the same key: the card shares that
// cache entry, so refreshing it after a change is what puts the new logo in the switcher.
const meKey = ["me"] as const;

/** `GET /app/me.json`: the user's companies, with their role and logo. */
export function logoMeQueryOptions() {
  return queryOptions({
    queryKey: meKey,
    queryFn: ({ signal }) => apiRequest<Me>("/app/me.json", { signal }),
    staleTime: shellDataConfig.staleTimeMs,
  });
}

const logoPath = (companyId: string) => `/app/companies/${encodeURIComponent(companyId)}/logo.json`;

/** `POST /app/companies/{id}/logo.json` (multipart, one `file`); then the shell reads the user again. */
export async function uploadCompanyLogo(queryClient: QueryClient, companyId: string, file: File): Promise<LogoAnswer> {
  const form = new FormData();
  form.append("file", file, file.name);
  const answer = await apiRequest<LogoAnswer>(logoPath(companyId), {
    method: "POST",
    companyScoped: true,
    companyId,
    body: form,
  });
  await queryClient.invalidateQueries({ queryKey: meKey });
  return answer;
}

/** `DELETE /app/companies/{id}/logo.json`: the initials show again. */
export async function removeCompanyLogo(queryClient: QueryClient, companyId: string): Promise<LogoAnswer> {
  const answer = await apiRequest<LogoAnswer>(logoPath(companyId), {
    method: "DELETE",
    companyScoped: true,
    companyId,
  });
  await queryClient.invalidateQueries({ queryKey: meKey });
  return answer;
}
