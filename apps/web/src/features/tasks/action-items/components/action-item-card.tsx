import type { ResolutionBody, Task } from "@foreman/contract";
import { Bot, UserRound } from "lucide-react";
import { ActionTypeBadge } from "#web/features/tasks/components/task-badges.tsx";
import { TaskRecordLinks } from "#web/features/tasks/components/task-record-links.tsx";
import { exactDateTime, relativeTime } from "#web/lib/relative-time.ts";
import { actionItemElementId, actionItemHeadingId } from "../element-ids.ts";
import { useTimeLeft } from "../use-time-left.ts";
import { RecentMessages } from "./recent-messages.tsx";
import { ResolveForm } from "./resolve-form.tsx";
import { ResolvedSummary } from "./resolved-summary.tsx";
import { TimeLeftLabel } from "./time-left-label.tsx";

// One action item: what kind it is, what the AI asks or wants authorized, the record it concerns, who
// is involved, the end of the conversation, the time left, and the answer box (or, once done, the outcome).

type ActionItemCardProps = {
  task: Task;
  onResolve?: (task: Task, body: ResolutionBody) => void;
  /** Whether the user may authorize (owners and admins; members when the company allows it). */
  canApprove?: boolean;
};

export function ActionItemCard({ task, onResolve, canApprove = false }: ActionItemCardProps) {
  const done = task.state === "done";
  return (
    <article
      id={actionItemElementId(task.id)}
      aria-labelledby={actionItemHeadingId(task.id)}
      className="scroll-mt-20 rounded-xl border bg-card text-card-foreground shadow-xs"
      data-testid="action-item"
      data-task-id={task.id}
      data-action-type={task.actionType}
    >
      <div className="space-y-4 p-4 sm:p-5">
        <header className="space-y-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1.5">
              <ActionTypeBadge actionType={task.actionType} />
              <TaskRecordLinks task={task} className="text-sm" />
            </div>
            {done ? null : <Countdown dueAt={task.dueAt} />}
          </div>
          <ItemHeading task={task} />
        </header>
        {task.question !== task.title ? (
          <p
            className="whitespace-pre-wrap break-words text-[0.9375rem] leading-relaxed"
            data-testid="action-item-question"
          >
            {task.question}
          </p>
        ) : null}
        <People task={task} />
        <RecentMessages messages={task.conversation.messages} />
        {done ? (
          <ResolvedSummary task={task} />
        ) : onResolve ? (
          <OpenItemForm task={task} onResolve={onResolve} canApprove={canApprove} />
        ) : null}
      </div>
    </article>
  );
}

function ItemHeading({ task }: { task: Task }) {
  return (
    // Focusable from script only: after an item is sent, focus moves to the next item's heading.
    <h3
      id={actionItemHeadingId(task.id)}
      tabIndex={-1}
      className="break-words font-semibold text-base leading-snug outline-none focus-visible:underline"
    >
      {task.title}
    </h3>
  );
}

function Countdown({ dueAt }: { dueAt: string }) {
  const left = useTimeLeft(dueAt);
  return <TimeLeftLabel left={left} dueAt={dueAt} />;
}

function OpenItemForm({
  task,
  onResolve,
  canApprove,
}: {
  task: Task;
  onResolve: (task: Task, body: ResolutionBody) => void;
  canApprove: boolean;
}) {
  // A second clock: the form must close the moment the item expires, whatever the pill shows.
  const left = useTimeLeft(task.dueAt);
  return <ResolveForm task={task} expired={left.expired} onResolve={onResolve} canApprove={canApprove} />;
}

function People({ task }: { task: Task }) {
  const raised = exactDateTime(task.createdAt);
  return (
    <dl className="flex flex-wrap gap-x-5 gap-y-1.5 text-muted-foreground text-sm">
      <div className="flex min-w-0 items-center gap-1.5">
        <dt>
          <UserRound aria-hidden className="size-4" />
          <span className="sr-only">Customer</span>
        </dt>
        <dd className="truncate text-foreground" data-testid="action-item-customer">
          {task.conversation.customerName ?? "Unknown customer"}
        </dd>
      </div>
      <div className="flex min-w-0 items-center gap-1.5">
        <dt>
          <Bot aria-hidden className="size-4" />
          <span className="sr-only">AI employee</span>
        </dt>
        <dd className="truncate text-foreground">{task.aiEmployee?.name ?? "AI employee"}</dd>
      </div>
      {raised ? (
        <div className="flex items-center gap-1.5">
          <dt>Raised</dt>
          <dd>
            <time dateTime={task.createdAt} title={raised}>
              {relativeTime(task.createdAt)}
            </time>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
