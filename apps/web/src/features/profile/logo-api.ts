import type { Company } from "@foreman/contract";
import type { QueryClient } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import { meQueryKey } from "#web/lib/me.ts";

// The company logo: owners and admins upload or remove it; every member sees it in the switcher.

type LogoAnswer = Pick<Company, "logoSmallUrl">;

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
  await queryClient.invalidateQueries({ queryKey: meQueryKey });
  return answer;
}

/** `DELETE /app/companies/{id}/logo.json`: the initials show again. */
export async function removeCompanyLogo(queryClient: QueryClient, companyId: string): Promise<LogoAnswer> {
  const answer = await apiRequest<LogoAnswer>(logoPath(companyId), {
    method: "DELETE",
    companyScoped: true,
    companyId,
  });
  await queryClient.invalidateQueries({ queryKey: meQueryKey });
  return answer;
}
