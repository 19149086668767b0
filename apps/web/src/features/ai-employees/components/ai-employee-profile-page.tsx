import type { DateRangeSearch } from "@foreman/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { TimeFrameBar } from "#web/components/period/time-frame-bar.tsx";
import { useLoadAfterPaint } from "#web/lib/after-paint.ts";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { describePeriod, periodFromSearch } from "#web/lib/period.ts";
import { aiEmployeeQueryOptions, employeeOutcomesQueryOptions, isAiEmployeeNotFound } from "../api.ts";
import { loadEmployeeChart } from "../load-employee-chart.ts";
import { AiEmployeeNotFound } from "./ai-employee-not-found.tsx";
import { EmployeeActivity } from "./employee-activity.tsx";
import { EmployeeLinks } from "./employee-links.tsx";
import { EmployeeOutcomesSection } from "./employee-outcomes-section.tsx";
import { ProfileCard } from "./profile-card.tsx";
import { ProfileHeader } from "./profile-header.tsx";
import { ProfileLoading } from "./profile-loading.tsx";

type AiEmployeeProfilePageProps = {
  aiEmployeeId: string;
  /** The route's period; a new one comes back through `onSearch` (the address bar holds it). */
  search: DateRangeSearch;
  onSearch: (next: DateRangeSearch) => void;
  /** Whether the user may edit the workforce (owner or admin); the route asks, this page shows it. */
  canManage: boolean;
};

/** `/ai_employees/$aiEmployeeId`: who the employee is, what it brought in over a period, and lately. */
export function AiEmployeeProfilePage({ aiEmployeeId, search, onSearch, canManage }: AiEmployeeProfilePageProps) {
  const companyId = useCompanyId();
  // The chart's chunk (Recharts, ~90 KB) once the profile has painted, not before it.
  useLoadAfterPaint(loadEmployeeChart);
  const employee = useQuery(aiEmployeeQueryOptions(companyId, aiEmployeeId));
  // A new period keeps the old figures on screen, dimmed, until the new ones arrive.
  const outcomes = useQuery({
    ...employeeOutcomesQueryOptions(companyId, aiEmployeeId, search),
    placeholderData: keepPreviousData,
  });

  if (employee.error) {
    if (isAiEmployeeNotFound(employee.error)) return <AiEmployeeNotFound />;
    return (
      <QueryError
        title="Couldn't load this AI employee"
        error={employee.error}
        onRetry={() => void employee.refetch()}
      />
    );
  }
  if (!employee.data) return <ProfileLoading />;

  const profile = employee.data;
  const period = periodFromSearch(search);
  return (
    <div className="space-y-6">
      <ProfileHeader employee={profile} canManage={canManage} />
      <TimeFrameBar search={search} onSearch={onSearch} />
      {/* The figures first and full width: they are what this page is for. */}
      <EmployeeOutcomesSection
        name={profile.name}
        periodLabel={describePeriod(period, { compared: true })}
        query={outcomes}
      />
      <div className="grid min-w-0 gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6">
          <ProfileCard
            employee={profile}
            outcomes={outcomes.data}
            loading={outcomes.isPending}
            stale={outcomes.isPlaceholderData}
            periodLabel={describePeriod(period)}
          />
          <EmployeeLinks aiEmployeeId={profile.id} name={profile.name} />
        </div>
        <div className="min-w-0 lg:col-span-2">
          <EmployeeActivity aiEmployeeId={profile.id} />
        </div>
      </div>
    </div>
  );
}
