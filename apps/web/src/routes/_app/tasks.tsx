import { parseTasksSearch } from "@foreman/contract";
import { createFileRoute } from "@tanstack/react-router";
import { PendingView } from "#web/components/feedback/pending-view.tsx";
import { TasksPage } from "#web/features/tasks/components/tasks-page.tsx";

export const Route = createFileRoute("/_app/tasks")({
  // `?state=to_do|done&page=N`; all tasks on the first page by default. No loader, to keep the shell's
  // download small: the page starts its own call and shows the rows' skeleton meanwhile.
  validateSearch: parseTasksSearch,
  head: () => ({ meta: [{ title: "Tasks · Foreman" }] }),
  pendingComponent: () => <PendingView text="Loading tasks..." />,
  component: TasksRoute,
});

function TasksRoute() {
  const search = Route.useSearch();
  return <TasksPage search={search} />;
}
