import { useQuery } from "@tanstack/react-query";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { companySettingsQueryOptions } from "../api.ts";
import { useCanManage } from "../use-can-manage.ts";
import { useSaveCompanySettings } from "../use-save-company-settings.ts";
import { ApprovalSetting } from "./approval-setting.tsx";
import { BusinessHoursCard } from "./business-hours-card.tsx";
import { CompanyDetailsCard } from "./company-details-card.tsx";
import { TwoFactorRequirementSetting } from "./two-factor-requirement-setting.tsx";

/** Settings → General: what owners and admins decide for the whole company. */
export function GeneralSettings() {
  return (
    <div className="grid max-w-3xl gap-6">
      <CompanySettingsCards />
      <Card>
        <CardHeader>
          <CardTitle>Approvals</CardTitle>
          <CardDescription>
            Who may authorize what goes past an AI employee's guardrails and cancel placed orders.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ApprovalSetting />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Two-factor sign-in</CardTitle>
          <CardDescription>Whether everyone must sign in with a code from an authenticator app.</CardDescription>
        </CardHeader>
        <CardContent>
          <TwoFactorRequirementSetting />
        </CardContent>
      </Card>
    </div>
  );
}

/** The company and business-hours cards, once the settings have loaded. */
function CompanySettingsCards() {
  const companyId = useCompanyId();
  const canManage = useCanManage();
  const save = useSaveCompanySettings(companyId);
  const query = useQuery(companySettingsQueryOptions(companyId));

  if (query.isPending) {
    return (
      <div className="grid gap-6" role="status" aria-busy="true">
        <span className="sr-only">Loading the company's settings…</span>
        <Skeleton className="h-80 rounded-xl" />
        <Skeleton className="h-40 rounded-xl" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <Card>
        <CardContent>
          <QueryError
            title="Couldn't load the company's settings"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        </CardContent>
      </Card>
    );
  }
  const settings = query.data;
  // Keyed by what each card edits: a change saved elsewhere (another tab, a colleague) starts it afresh.
  return (
    <>
      <CompanyDetailsCard
        key={`${settings.name}|${settings.timeZone}|${settings.currency}|${settings.answerLanguages.join()}`}
        settings={settings}
        canManage={canManage}
        save={save}
      />
      <BusinessHoursCard
        key={`${settings.timeZone}|${JSON.stringify(settings.businessHours)}`}
        settings={settings}
        canManage={canManage}
        save={save}
      />
    </>
  );
}
