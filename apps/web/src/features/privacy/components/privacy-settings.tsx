import { canManage } from "@foreman/contract";
import { useQuery } from "@tanstack/react-query";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { privacyQueryOptions, useSelectedCompany } from "../api.ts";
import { DangerZoneCard } from "./danger-zone-card.tsx";
import { ExportCard } from "./export-card.tsx";
import { RetentionCard } from "./retention-card.tsx";

/**
 * Settings → Privacy: how long conversations are kept (owners and admins set it, members read it), the
 * company's data exports (owners), and its deletion (owners).
 */
export function PrivacySettings() {
  const companyId = useCompanyId();
  const company = useSelectedCompany();
  const query = useQuery(privacyQueryOptions(companyId));

  if (query.isError)
    return (
      <div className="max-w-3xl">
        <QueryError
          title="Couldn't load the privacy settings"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      </div>
    );
  if (!query.data || !company)
    return (
      <div className="grid max-w-3xl gap-6" role="status">
        <span className="sr-only">Loading the privacy settings…</span>
        <Skeleton className="h-44 rounded-xl" />
        <Skeleton className="h-40 rounded-xl" />
      </div>
    );

  const privacy = query.data;
  const isOwner = company.role === "owner";
  return (
    <div className="grid max-w-3xl gap-6">
      <RetentionCard
        key={String(privacy.retentionDays)}
        companyId={companyId}
        retentionDays={privacy.retentionDays}
        canManage={canManage(company.role)}
      />
      <ExportCard companyId={companyId} exports={privacy.exports} isOwner={isOwner} />
      {isOwner ? (
        <DangerZoneCard
          companyId={companyId}
          companyName={company.name}
          deletionScheduledFor={privacy.deletionScheduledFor}
          deletionRequestedBy={privacy.deletionRequestedBy}
        />
      ) : null}
    </div>
  );
}
