import {
  type ActionType,
  TASK_DECISION_LABELS,
  TASK_STATE_LABELS,
  type TaskDecision,
  type TaskState,
} from "@foreman/contract";
import { CircleCheck, CircleDashed, CircleHelp, ShieldCheck } from "lucide-react";
import { Badge } from "#web/components/ui/badge.tsx";

// The small labels every task screen shares: what kind of item it is, where it stands, what was decided.

/** The action type as people say it: a question to answer, or an authorization to give. */
export const ACTION_TYPE_NAMES: Record<ActionType, string> = { question: "Question", authorize: "Authorization" };

export function ActionTypeBadge({ actionType }: { actionType: ActionType }) {
  const question = actionType === "question";
  const Icon = question ? CircleHelp : ShieldCheck;
  return (
    <Badge variant={question ? "info" : "warning"} data-testid="action-type">
      <Icon aria-hidden />
      {ACTION_TYPE_NAMES[actionType]}
    </Badge>
  );
}

export function TaskStateBadge({ state }: { state: TaskState }) {
  const done = state === "done";
  const Icon = done ? CircleCheck : CircleDashed;
  return (
    <Badge variant={done ? "success" : "muted"} data-testid="task-state">
      <Icon aria-hidden />
      {TASK_STATE_LABELS[state]}
    </Badge>
  );
}

/** An authorize item's outcome: authorized (green) or left pending (amber). */
export function DecisionBadge({ decision }: { decision: TaskDecision }) {
  return (
    <Badge variant={decision === "authorized" ? "success" : "warning"} data-testid="task-decision">
      {TASK_DECISION_LABELS[decision]}
    </Badge>
  );
}
