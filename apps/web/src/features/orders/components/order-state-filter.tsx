import { FIRST_PAGE, ORDER_STATES, orderStatusLabel } from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { cn } from "#web/lib/utils.ts";

const chip =
  "inline-flex h-8 shrink-0 items-center rounded-full border px-3 font-medium text-[0.8125rem] transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring";
const idle = "bg-background text-muted-foreground hover:bg-accent hover:text-accent-foreground dark:bg-input/20";
const active = "border-primary bg-primary text-primary-foreground";

/**
 * All + every order state, as links that set the `state` search value (so it survives reloads and
 * sharing). Another state is another list: it starts from its first page.
 */
export function OrderStateFilter({ current }: { current: string | undefined }) {
  const options: { value: string | undefined; label: string }[] = [
    { value: undefined, label: "All" },
    ...ORDER_STATES.map((state) => ({ value: state, label: orderStatusLabel(state) })),
  ];
  return (
    <nav aria-label="Filter by status" className="-mx-1 overflow-x-auto px-1 pb-1">
      <ul className="flex gap-2">
        {options.map(({ value, label }) => {
          const selected = value === current;
          return (
            <li key={label}>
              <Link
                from="/orders/"
                to="/orders"
                search={(prev) => ({ ...prev, state: value, page: FIRST_PAGE })}
                aria-current={selected ? "page" : undefined}
                className={cn(chip, selected ? active : idle)}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
