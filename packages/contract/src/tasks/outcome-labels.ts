import type { TaskOutcome } from "./task.ts";

// Apart from task.ts, which the signed-in shell loads (normalize-action-items): only the action items
// screen shows these, so they travel in its chunk.
export const TASK_OUTCOME_LABELS: Record<TaskOutcome, string> = {
  applied: "Applied",
  changed_since_raised: "Changed since it was raised",
};
