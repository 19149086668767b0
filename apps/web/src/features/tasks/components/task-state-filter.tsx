import { TASK_STATE_LABELS, TASK_STATES, type TaskState } from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { ChipNav } from "#web/components/ui/chip.tsx";

const OPTIONS: { value: TaskState | undefined; label: string }[] = [
  { value: undefined, label: "All" },
  ...TASK_STATES.map((state) => ({ value: state, label: TASK_STATE_LABELS[state] })),
];

/** All, To do, Done: links that set `state` (and start again from the first page). */
export function TaskStateFilter({ current }: { current: TaskState | undefined }) {
  return (
    <ChipNav
      label="Filter by state"
      options={OPTIONS}
      current={current}
      link={(value, props) => (
        <Link
          to="/tasks"
          search={{ state: value, page: undefined }}
          // Exact: the router would otherwise count All (no state) as part of every state's list.
          activeOptions={{ exact: true, explicitUndefined: true }}
          {...props}
        />
      )}
    />
  );
}
