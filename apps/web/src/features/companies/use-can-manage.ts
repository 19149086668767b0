import { canManage } from "@foreman/contract";
import { useQuery } from "@tanstack/react-query";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { meQueryOptions } from "./api.ts";

/**
 * Whether the user may change the selected company's workforce (owner or admin). Until the user is
 * known the answer is no: actions show disabled rather than failing with a 403 after a click.
 */
export function useCanManage(): boolean {
  const companyId = useCompanyId();
  const { data: me } = useQuery(meQueryOptions());
  const company = me?.managedCompanies.find((c) => c.id === companyId);
  return canManage(company?.role);
}
