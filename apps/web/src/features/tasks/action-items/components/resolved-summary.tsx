import { TASK_OUTCOME_LABELS, type Task } from "@foreman/contract";
import { ResolvedTime } from "#web/features/tasks/components/resolved-time.tsx";
import { DecisionBadge } from "#web/features/tasks/components/task-badges.tsx";

/** A done item's outcome: the decision (authorizations), the answer given, who resolved it and when. */
export function ResolvedSummary({ task }: { task: Task }) {
  return (
    <div className="space-y-2 rounded-lg border bg-muted/40 p-3" data-testid="resolution">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground text-xs">
        {task.decision ? <DecisionBadge decision={task.decision} /> : null}
        <span>
          {task.actionType === "question" ? "Answered" : "Resolved"}
          {task.resolvedBy ? (
            <>
              {" by "}
              <span className="font-medium text-foreground">{task.resolvedBy.name}</span>
            </>
          ) : null}
          <ResolvedTime resolvedAt={task.resolvedAt} />
        </span>
      </p>
      {task.outcome === "changed_since_raised" ? (
        <p className="text-sm" role="note" data-testid="resolution-outcome">
          <span className="font-medium">{TASK_OUTCOME_LABELS.changed_since_raised}: </span>
          {task.outcomeReason ?? "the quote changed after this was raised; nothing was applied."}
        </p>
      ) : null}
      {task.answer ? (
        <p className="whitespace-pre-wrap break-words text-sm leading-relaxed">{task.answer}</p>
      ) : (
        <p className="text-muted-foreground text-sm">No note was added.</p>
      )}
    </div>
  );
}
