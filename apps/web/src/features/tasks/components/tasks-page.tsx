import type { TasksSearch } from "@foreman/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
// ClipboardList, not the nav's ListTodo: sharing an icon with the shell splits it out of the shell's download.
import { ClipboardList } from "lucide-react";
import type { ReactNode } from "react";
import { EmptyState } from "#web/components/feedback/empty-state.tsx";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { EmployeeFilterNotice } from "#web/components/filters/employee-filter-notice.tsx";
import { PageHeader } from "#web/components/layout/page-header.tsx";
import { PagedList } from "#web/components/layout/paged-list.tsx";
import { CompanyGate, useCompanyId } from "#web/lib/company-id.tsx";
import { tasksListParams, tasksQueryOptions } from "../api.ts";
import { useLiveTaskRefresh } from "../use-live-task-refresh.ts";
import { TaskStateFilter } from "./task-state-filter.tsx";
import { TasksRowsSkeleton } from "./tasks-loading.tsx";
import { TasksTable } from "./tasks-table.tsx";

// /tasks: every task the AI employees raised, newest first.

export function TasksPage({ search }: { search: TasksSearch }) {
  return (
    <div className="space-y-6">
      <PageHeader title="Tasks" description="Everything your AI employees handed to your team, with when it is due." />
      <TaskStateFilter current={search.state} />
      <EmployeeFilterNotice
        aiEmployeeId={search.aiEmployeeId}
        clearLink={(props) => (
          <Link
            from="/tasks"
            to="/tasks"
            search={(prev) => ({ ...prev, aiEmployeeId: undefined, page: undefined })}
            {...props}
          />
        )}
      />
      <CompanyGate fallback={<TasksRowsSkeleton />}>
        <TasksResults search={search} />
      </CompanyGate>
    </div>
  );
}

function TasksResults({ search }: { search: TasksSearch }) {
  const companyId = useCompanyId();
  useLiveTaskRefresh(companyId);
  // While another page or state loads, the previous rows stay, dimmed.
  const query = useQuery({
    ...tasksQueryOptions(companyId, tasksListParams(search)),
    placeholderData: keepPreviousData,
  });
  if (query.isError && !query.data) {
    return <QueryError title="Couldn't load the tasks" error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!query.data) return <TasksRowsSkeleton />;
  const { tasks, total, page, perPage } = query.data;
  return (
    <PagedList
      title={search.state === "to_do" ? "To do" : search.state === "done" ? "Done" : "All tasks"}
      headingId="tasks-heading"
      totalTestId="tasks-total"
      page={page}
      perPage={perPage}
      total={total}
      rows={tasks.length}
      noun="tasks"
      pageLink={pageLink}
      hideSinglePage
      updating={query.isPlaceholderData}
      pastEnd={{ icon: ClipboardList, backTo: "first" }}
      empty={
        <EmptyState
          icon={ClipboardList}
          title="No tasks"
          description="When an AI employee needs a person to answer or approve something, the task shows up here."
        />
      }
    >
      <TasksTable tasks={tasks} />
    </PagedList>
  );
}

/** A link to another page of the list; page 1 stays out of the address. */
function pageLink(page: number, children: ReactNode) {
  return (
    <Link from="/tasks" to="/tasks" search={(prev) => ({ ...prev, page: page > 1 ? page : undefined })}>
      {children}
    </Link>
  );
}
