import { DEFAULT_TIME_FRAME, parseOrdersSearch } from "@foreman/contract";
import { createFileRoute, stripSearchParams } from "@tanstack/react-router";
import { NotBuiltYet } from "../../../components/feedback/not-built-yet.tsx";

export const Route = createFileRoute("/_app/orders/")({
  validateSearch: parseOrdersSearch,
  // The default time frame stays out of the address bar.
  search: { middlewares: [stripSearchParams({ timeFrame: DEFAULT_TIME_FRAME })] },
  head: () => ({ meta: [{ title: "Orders · Foreman" }] }),
  component: OrdersPage,
});

function OrdersPage() {
  return (
    <NotBuiltYet
      title="Orders"
      description="Every quote and order with its state, amount and customer, filtered by state and date. The sales work will fill this screen."
      issue={3}
    />
  );
}
