import type { Activity, ActorType } from "@foreman/contract";
import { useQuery } from "@tanstack/react-query";
import { Bot, History, type LucideIcon, Settings2, UserRound } from "lucide-react";
import { useId } from "react";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { exactDateTime, relativeTime } from "#web/lib/relative-time.ts";
import { employeeActivityQueryOptions, RECENT_ACTIVITY_COUNT } from "../api.ts";

// What happened to the employee lately (hired, edited, deactivated…), newest first, with who did it.

const ACTOR_ICONS: Record<ActorType, LucideIcon> = { user: UserRound, ai_employee: Bot, system: Settings2 };

export function EmployeeActivity({ aiEmployeeId }: { aiEmployeeId: string }) {
  const companyId = useCompanyId();
  const query = useQuery(employeeActivityQueryOptions(companyId, aiEmployeeId));
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} data-testid="employee-activity">
      <Card className="gap-4">
        <CardHeader>
          <CardTitle>
            <h2 id={titleId}>Recent activity</h2>
          </CardTitle>
          <CardDescription>The last {RECENT_ACTIVITY_COUNT} changes to this employee</CardDescription>
        </CardHeader>
        <CardContent>
          {query.error ? (
            <QueryError
              title="Couldn't load the activity"
              error={query.error}
              onRetry={() => void query.refetch()}
              size="sm"
            />
          ) : !query.data ? (
            <ActivitySkeleton />
          ) : query.data.activities.length === 0 ? (
            <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-6 py-8 text-center">
              <History className="size-5 text-muted-foreground" aria-hidden />
              <p className="font-medium">No activity yet</p>
            </div>
          ) : (
            <ol className="space-y-4">
              {query.data.activities.map((activity) => (
                <ActivityRow key={activity.id} activity={activity} />
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

function ActivityRow({ activity }: { activity: Activity }) {
  const Icon = ACTOR_ICONS[activity.actor.type];
  const exact = exactDateTime(activity.createdAt);
  return (
    <li className="flex min-w-0 gap-3" data-testid="activity-row">
      <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-3.5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="break-words text-sm">{activity.summary}</p>
        <p className="truncate text-muted-foreground text-xs">
          {activity.actor.name} ·{" "}
          <time dateTime={activity.createdAt} title={exact}>
            {relativeTime(activity.createdAt)}
          </time>
        </p>
      </div>
    </li>
  );
}

function ActivitySkeleton() {
  return (
    <div role="status" aria-label="Loading activity" className="space-y-4">
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex gap-3">
          <Skeleton className="size-7 rounded-full" />
          <div className="flex-1 space-y-1.5">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  );
}
