import { FIRST_PAGE, ORDER_STATES, orderStatusLabel } from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { ChipNav } from "#web/components/ui/chip.tsx";

const OPTIONS: { value: string | undefined; label: string }[] = [
  { value: undefined, label: "All" },
  ...ORDER_STATES.map((state) => ({ value: state, label: orderStatusLabel(state) })),
];

/**
 * All + every order state, as links that set the `state` search value (so it survives reloads and
 * sharing). Another state is another list: it starts from its first page.
 */
export function OrderStateFilter({ current }: { current: string | undefined }) {
  return (
    <ChipNav
      label="Filter by status"
      className="-mx-1 overflow-x-auto px-1 pb-1"
      options={OPTIONS}
      current={current}
      link={(value, props) => (
        <Link
          from="/orders/"
          to="/orders"
          search={(prev) => ({ ...prev, state: value, page: FIRST_PAGE })}
          {...props}
        />
      )}
    />
  );
}
