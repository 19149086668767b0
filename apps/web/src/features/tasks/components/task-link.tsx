import type { Task } from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { actionItemElementId } from "../action-items/element-ids.ts";

// Where a task opens: an open one on the action items list (to resolve it), a resolved one in its
// assistant thread (to read what was said).

type TaskLinkProps = { task: Pick<Task, "id" | "state">; className?: string; children: ReactNode };

export function TaskLink({ task, className, children }: TaskLinkProps) {
  if (task.state === "to_do") {
    return (
      <Link to="/action_items" hash={actionItemElementId(task.id)} className={className} data-testid="task-link">
        {children}
      </Link>
    );
  }
  return (
    <Link to="/assistant" search={{ thread: task.id }} className={className} data-testid="task-link">
      {children}
    </Link>
  );
}
