import { APPROVER_ROLE_REQUIRED, type AssistantThread, type AssistantThreadSummary } from "@foreman/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowLeft, CircleCheck, Info, ShieldAlert, TimerOff } from "lucide-react";
import type { ReactNode } from "react";
import { TryAgainButton } from "#web/components/feedback/query-error.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { TimeLeftLabel } from "#web/features/tasks/action-items/components/time-left-label.tsx";
import { useTimeLeft } from "#web/features/tasks/action-items/use-time-left.ts";
import { tasksKeys } from "#web/features/tasks/api.ts";
import { ResolvedTime } from "#web/features/tasks/components/resolved-time.tsx";
import { TaskStateBadge } from "#web/features/tasks/components/task-badges.tsx";
import { writeCachedTask } from "#web/features/tasks/task-cache.ts";
import { describeError } from "#web/lib/api-error.ts";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { cn } from "#web/lib/utils.ts";
import { isThreadNotFound, sendAssist, threadQueryOptions } from "../api.ts";
import { AssistComposer } from "./assist-composer.tsx";
import { ThreadInfo } from "./thread-info.tsx";
import { ThreadMessages } from "./thread-messages.tsx";

// The conversation panel and the info panel of the selected thread. Both read the same
// cached thread; on narrow screens they are separate views with back buttons.

const backButton =
  "inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring";

type PanelProps = { threadId: string; summary: AssistantThreadSummary | undefined; canApprove?: boolean };

export function ThreadConversation({ threadId, summary, canApprove = false }: PanelProps) {
  const companyId = useCompanyId();
  const query = useQuery(threadQueryOptions(companyId, threadId));
  const thread = query.data;
  const customer =
    thread?.customer?.fullName ??
    thread?.task.conversation.customerName ??
    summary?.customer?.fullName ??
    summary?.conversation.customerName ??
    "Thread";
  const title = thread?.task.title ?? summary?.title;
  return (
    <>
      <header className="flex h-16 shrink-0 items-center gap-2 border-b px-3 sm:px-4">
        <Link
          to="/assistant"
          search={{}}
          activeOptions={{ exact: true }}
          className={cn(backButton, "@3xl:hidden")}
          aria-label="Back to threads"
        >
          <ArrowLeft aria-hidden className="size-4" />
        </Link>
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold" data-testid="thread-title">
            {customer}
          </h2>
          {title ? (
            <p className="truncate text-muted-foreground text-xs" title={title}>
              {title}
            </p>
          ) : null}
        </div>
        {thread ? <ThreadStatus thread={thread} /> : null}
        <Link
          to="/assistant"
          search={{ thread: threadId, panel: "info" }}
          className={cn(backButton, "@min-[60rem]:hidden")}
          aria-label="Thread details"
        >
          <Info aria-hidden className="size-4" />
        </Link>
      </header>
      {thread ? (
        <>
          <ThreadMessages messages={thread.threadMessages} />
          <ThreadFooter thread={thread} canApprove={canApprove} />
        </>
      ) : query.isError ? (
        <ThreadError error={query.error} retry={() => void query.refetch()} />
      ) : (
        <div role="status" className="flex flex-1 items-center justify-center gap-2 text-muted-foreground">
          <Spinner />
          <span>Loading thread…</span>
        </div>
      )}
    </>
  );
}

export function ThreadDetails({ threadId }: Omit<PanelProps, "summary">) {
  const companyId = useCompanyId();
  const query = useQuery(threadQueryOptions(companyId, threadId));
  return (
    <>
      <header className="flex h-16 shrink-0 items-center gap-2 border-b px-3 sm:px-4">
        <Link
          to="/assistant"
          search={{ thread: threadId }}
          activeOptions={{ exact: true }}
          className={cn(backButton, "@min-[60rem]:hidden")}
          aria-label="Back to the conversation"
        >
          <ArrowLeft aria-hidden className="size-4" />
        </Link>
        <h2 className="font-semibold">Details</h2>
      </header>
      <div className="flex-1 overflow-y-auto">
        {query.data ? (
          <ThreadInfo thread={query.data} />
        ) : query.isError ? null : (
          <div role="status" className="flex items-center justify-center gap-2 py-10 text-muted-foreground">
            <Spinner />
            <span className="sr-only">Loading details</span>
          </div>
        )}
      </div>
    </>
  );
}

function ThreadStatus({ thread }: { thread: AssistantThread }) {
  if (thread.task.state === "done") return <TaskStateBadge state="done" />;
  return <Countdown dueAt={thread.task.dueAt} />;
}

function Countdown({ dueAt }: { dueAt: string }) {
  const left = useTimeLeft(dueAt);
  return <TimeLeftLabel left={left} dueAt={dueAt} />;
}

/** The send box while the task is open; once resolved or past due, why nothing more can be sent. */
function ThreadFooter({ thread, canApprove }: { thread: AssistantThread; canApprove: boolean }) {
  const companyId = useCompanyId();
  const queryClient = useQueryClient();
  const { task } = thread;
  const left = useTimeLeft(task.dueAt);
  const send = useMutation({
    mutationFn: (input: string) => sendAssist(companyId, task, input),
    onSuccess: (result) => {
      writeCachedTask(queryClient, companyId, result.task);
      queryClient.setQueryData<AssistantThread>(tasksKeys.thread(companyId, task.id), (data) =>
        data
          ? {
              ...data,
              task: result.task,
              threadMessages: [
                ...data.threadMessages.filter((message) => message.id !== result.threadMessage.id),
                result.threadMessage,
              ],
            }
          : data,
      );
      // The threads list also counts each conversation's open tasks, which the answer does not give.
      void queryClient.invalidateQueries({ queryKey: tasksKeys.threads(companyId) });
    },
    // Refused: it may have been resolved meanwhile; the lists and this thread catch up.
    onError: () => queryClient.invalidateQueries({ queryKey: tasksKeys.all(companyId) }),
  });

  if (task.state === "done") {
    return (
      <Closed icon={<CircleCheck aria-hidden className="size-4 text-success" />}>
        Resolved{task.resolvedBy ? ` by ${task.resolvedBy.name}` : ""}
        <ResolvedTime resolvedAt={task.resolvedAt} />. This thread is closed.
      </Closed>
    );
  }
  if (left.expired) {
    return (
      <Closed icon={<TimerOff aria-hidden className="size-4 text-destructive" />}>
        Past its due time: this thread can no longer be answered.
      </Closed>
    );
  }
  // An authorization's reply decides it: the server refuses it from a member who may not approve.
  if (task.actionType === "authorize" && !canApprove) {
    return (
      <Closed icon={<ShieldAlert aria-hidden className="size-4 text-warning-foreground dark:text-warning" />}>
        {APPROVER_ROLE_REQUIRED}.
      </Closed>
    );
  }
  return (
    <AssistComposer aiName={task.aiEmployee?.name ?? "the AI employee"} onSend={(text) => send.mutateAsync(text)} />
  );
}

function Closed({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <p
      className="flex items-center gap-2 border-t bg-muted/40 px-4 py-3 text-muted-foreground text-sm"
      data-testid="thread-closed"
    >
      {icon}
      <span>{children}</span>
    </p>
  );
}

function ThreadError({ error, retry }: { error: unknown; retry: () => void }) {
  const notFound = isThreadNotFound(error);
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
      <p className="font-medium">{notFound ? "This thread was not found" : "Couldn't load this thread"}</p>
      <p className="max-w-sm text-muted-foreground text-sm">
        {notFound ? "It may belong to another company, or the link is wrong." : describeError(error)}
      </p>
      {notFound ? (
        <Button variant="outline" size="sm" asChild>
          <Link to="/assistant" search={{}}>
            Back to threads
          </Link>
        </Button>
      ) : (
        <TryAgainButton onRetry={retry} size="sm" />
      )}
    </div>
  );
}
