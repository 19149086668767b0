import { TASK_STATE_LABELS, TASK_STATES, type TaskState } from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { cn } from "#web/lib/utils.ts";

const chip =
  "inline-flex h-8 shrink-0 items-center rounded-full border px-3 font-medium text-[0.8125rem] transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring";
const idle = "bg-background text-muted-foreground hover:bg-accent hover:text-accent-foreground dark:bg-input/20";
const active = "border-primary bg-primary text-primary-foreground";

/** All, To do, Done: links that set `state` (and start again from the first page). */
export function TaskStateFilter({ current }: { current: TaskState | undefined }) {
  const options: { value: TaskState | undefined; label: string }[] = [
    { value: undefined, label: "All" },
    ...TASK_STATES.map((state) => ({ value: state, label: TASK_STATE_LABELS[state] })),
  ];
  return (
    <nav aria-label="Filter by state">
      <ul className="flex gap-2">
        {options.map(({ value, label }) => (
          <li key={label}>
            <Link
              to="/tasks"
              search={{ state: value, page: undefined }}
              // Exact: the router would otherwise count All (no state) as part of every state's list.
              activeOptions={{ exact: true, explicitUndefined: true }}
              aria-current={value === current ? "page" : undefined}
              className={cn(chip, value === current ? active : idle)}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
