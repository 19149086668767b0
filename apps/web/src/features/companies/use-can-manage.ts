import { type CompanyLanguage, canApprove, canManage, type MemberCompany } from "@foreman/contract";
import { useQuery } from "@tanstack/react-query";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { meQueryOptions } from "./api.ts";

/** The user's membership of the selected company as /app/me.json tells it, or null until it is known. */
function useSelectedMembership(): MemberCompany | null {
  const companyId = useCompanyId();
  const { data: me } = useQuery(meQueryOptions());
  return me?.managedCompanies.find((c) => c.id === companyId) ?? null;
}

/**
 * Whether the user may change the selected company's workforce (owner or admin). Until the user is
 * known the answer is no: actions show disabled rather than failing with a 403 after a click.
 */
export function useCanManage(): boolean {
  return canManage(useSelectedMembership()?.role);
}

/**
 * Whether the user may authorize action items and cancel placed orders in the selected company: owners
 * and admins, members when the company allows it. No until the user is known.
 */
export function useCanApprove(): boolean {
  const membership = useSelectedMembership();
  return canApprove(membership?.role, membership?.membersMayApprove ?? false);
}

/** The selected company's "members may approve" setting, or null until the user is known. */
export function useMembersMayApprove(): boolean | null {
  return useSelectedMembership()?.membersMayApprove ?? null;
}

/** The selected company's language (department names, hiring presets); English until the user is known. */
export function useCompanyLanguage(): CompanyLanguage {
  return useSelectedMembership()?.language ?? "en";
}
