import type { TasksSearch } from "@foreman/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
// ClipboardList, not the nav's ListTodo: sharing an icon with the shell splits it out of the shell's download.
import { ClipboardList, RotateCw } from "lucide-react";
import { EmptyState } from "#web/components/feedback/empty-state.tsx";
import { PageHeader } from "#web/components/layout/page-header.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { describeError } from "#web/lib/api-error.ts";
import { cn } from "#web/lib/utils.ts";
import { tasksListParams, tasksQueryOptions } from "../api.ts";
import { useLiveTaskRefresh } from "../use-live-task-refresh.ts";
import { TaskStateFilter } from "./task-state-filter.tsx";
import { TasksRowsSkeleton } from "./tasks-loading.tsx";
import { TasksPagination } from "./tasks-pagination.tsx";
import { TasksTable } from "./tasks-table.tsx";

// /tasks: every task the AI employees raised, newest first.

export function TasksPage({ companyId, search }: { companyId: string | null; search: TasksSearch }) {
  useLiveTaskRefresh(companyId);
  return (
    <div className="space-y-6">
      <PageHeader title="Tasks" description="Everything your AI employees handed to your team, with when it is due." />
      <TaskStateFilter current={search.state} />
      {companyId ? <TasksResults key={companyId} companyId={companyId} search={search} /> : <TasksRowsSkeleton />}
    </div>
  );
}

function TasksResults({ companyId, search }: { companyId: string; search: TasksSearch }) {
  // While another page or state loads, the previous rows stay, dimmed.
  const query = useQuery({
    ...tasksQueryOptions(companyId, tasksListParams(search)),
    placeholderData: keepPreviousData,
  });
  if (query.isError && !query.data) {
    return (
      <EmptyState
        title="Couldn't load the tasks"
        description={describeError(query.error)}
        action={
          <Button variant="outline" onClick={() => void query.refetch()}>
            <RotateCw aria-hidden />
            Try again
          </Button>
        }
      />
    );
  }
  if (!query.data) return <TasksRowsSkeleton />;
  const { tasks, total, page, perPage } = query.data;
  return (
    <section aria-labelledby="tasks-heading" className="space-y-4">
      <h2 id="tasks-heading" className="flex items-baseline gap-2 font-semibold text-base">
        {search.state === "to_do" ? "To do" : search.state === "done" ? "Done" : "All tasks"}
        <span className="font-normal text-muted-foreground tabular-nums" data-testid="tasks-total">
          {total.toLocaleString("en-US")}
        </span>
        {query.isPlaceholderData ? <Spinner className="size-3.5 self-center text-muted-foreground" /> : null}
      </h2>
      {tasks.length === 0 && total > 0 ? (
        <EmptyState
          icon={ClipboardList}
          title={`There is no page ${page.toLocaleString("en-US")}`}
          action={
            <Button variant="outline" size="sm" asChild>
              <Link from="/tasks" to="/tasks" search={(prev) => ({ ...prev, page: undefined })}>
                Go to the first page
              </Link>
            </Button>
          }
        />
      ) : tasks.length === 0 ? (
        <EmptyState
          icon={ClipboardList}
          title="No tasks"
          description="When an AI employee needs a person to answer or approve something, the task shows up here."
        />
      ) : (
        <div className={cn("space-y-4 transition-opacity", query.isPlaceholderData && "opacity-60")}>
          <TasksTable tasks={tasks} />
          <TasksPagination page={page} perPage={perPage} total={total} />
        </div>
      )}
    </section>
  );
}
