import type { ResolutionBody, Task, TaskState } from "@foreman/contract";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { CircleCheckBig, History } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { EmptyState } from "#web/components/feedback/empty-state.tsx";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { HelpLink } from "#web/components/help-link.tsx";
import { PageHeader } from "#web/components/layout/page-header.tsx";
import { ShowMoreButton } from "#web/components/layout/show-more-button.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { useLiveTaskRefresh } from "#web/features/tasks/use-live-task-refresh.ts";
import { CompanyGate, useCompanyId } from "#web/lib/company-id.tsx";
import { actionItemsQueryOptions, loadedTasks, orderToDo } from "../api.ts";
import { actionItemElementId, actionItemHeadingId, taskIdFromHash } from "../element-ids.ts";
import { useResolveActionItem } from "../use-resolve-action-item.ts";
import { ActionItemCard } from "./action-item-card.tsx";
import { ActionItemTabs } from "./action-item-tabs.tsx";
import { ActionItemCardsSkeleton } from "./action-items-skeleton.tsx";

// /action_items: what the AI employees need from staff — questions to
// answer and authorizations to give — most urgent first, with the Done tab for what was resolved.

export const EMPTY_TO_DO_TITLE = "Nothing needs you right now";

type ActionItemsPageProps = {
  state: TaskState;
  /** Whether the user may authorize (the route reads it from the user's membership). */
  canApprove?: boolean;
  /** The company's approval setting, shown beside the title (the route composes it). */
  approvalSetting?: ReactNode;
};

export function ActionItemsPage({ state, canApprove = false, approvalSetting }: ActionItemsPageProps) {
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6">
      <PageHeader
        title="Action items"
        description="Questions your AI employees need answered and decisions they need you to make."
        actions={approvalSetting}
        help={<HelpLink topic="actionItems" />}
      />
      <ActionItemTabs current={state} />
      <CompanyGate fallback={<ActionItemCardsSkeleton />}>
        <ActionItemsList key={state} state={state} canApprove={canApprove} />
      </CompanyGate>
    </div>
  );
}

/** Where focus goes once an item has left the list: the next item's heading, else the list's. */
type FocusTarget = { taskId: string } | "list" | null;

function ActionItemsList({ state, canApprove }: { state: TaskState; canApprove: boolean }) {
  const companyId = useCompanyId();
  useLiveTaskRefresh(companyId);
  const query = useInfiniteQuery(actionItemsQueryOptions(companyId, state));
  const resolve = useResolveActionItem(companyId);
  const [focusTarget, setFocusTarget] = useState<FocusTarget>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const tasks = query.data
    ? state === "to_do"
      ? orderToDo(loadedTasks(query.data.pages))
      : loadedTasks(query.data.pages)
    : [];

  useEffect(() => {
    if (!focusTarget) return;
    const heading =
      focusTarget === "list" ? listHeading.current : document.getElementById(actionItemHeadingId(focusTarget.taskId));
    (heading ?? listHeading.current)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  useScrollToLinkedItem(tasks.length > 0);

  const onResolve = (task: Task, body: ResolutionBody) => {
    const index = tasks.findIndex((item) => item.id === task.id);
    const next = tasks[index + 1] ?? tasks[index - 1];
    setFocusTarget(next ? { taskId: next.id } : "list");
    resolve.mutate({ task, body });
  };

  if (query.isPending) return <ActionItemCardsSkeleton />;
  if (query.isError) {
    return (
      <QueryError title="Couldn't load the action items" error={query.error} onRetry={() => void query.refetch()} />
    );
  }

  const label = state === "to_do" ? "To do" : "Done";
  return (
    <section aria-labelledby="action-items-heading" className="space-y-4">
      <h2 id="action-items-heading" ref={listHeading} tabIndex={-1} className="sr-only">
        {label}
      </h2>
      {tasks.length === 0 ? (
        state === "to_do" ? (
          <EmptyState
            icon={CircleCheckBig}
            title={EMPTY_TO_DO_TITLE}
            description="When an AI employee has a question for you or needs your approval, it shows up here. They come from its conversations with customers: try one yourself in the playground."
            action={
              <Button asChild variant="outline">
                <Link to="/ai_employees">Try an AI employee</Link>
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={History}
            title="Nothing resolved yet"
            description="Answered questions and your decisions on authorizations show up here."
          />
        )
      ) : (
        <ul className="space-y-4" aria-label={`${label} action items`}>
          {tasks.map((task) => (
            <li key={task.id} className="skip-offscreen [--row-height:34rem]">
              <ActionItemCard
                task={task}
                onResolve={state === "to_do" ? onResolve : undefined}
                canApprove={canApprove}
              />
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <div className="flex justify-center">
          <ShowMoreButton loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()} />
        </div>
      ) : null}
    </section>
  );
}

/**
 * `/action_items#action-item-<id>` (the tasks screen links there): once the items have loaded, bring
 * that one into view and put focus on it. Only once per visit.
 */
function useScrollToLinkedItem(ready: boolean) {
  const done = useRef(false);
  useEffect(() => {
    if (!ready || done.current) return;
    done.current = true;
    const taskId = taskIdFromHash(window.location.hash);
    const element = taskId ? document.getElementById(actionItemElementId(taskId)) : null;
    if (!taskId || !element) return;
    element.scrollIntoView({ block: "start" });
    document.getElementById(actionItemHeadingId(taskId))?.focus({ preventScroll: true });
  }, [ready]);
}
