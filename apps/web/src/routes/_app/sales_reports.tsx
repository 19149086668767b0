import { DEFAULT_TIME_FRAME, parseDateRangeSearch } from "@foreman/contract";
import { createFileRoute, stripSearchParams } from "@tanstack/react-router";
import { NotBuiltYet } from "../../components/feedback/not-built-yet.tsx";

export const Route = createFileRoute("/_app/sales_reports")({
  validateSearch: parseDateRangeSearch,
  // The default time frame stays out of the address bar.
  search: { middlewares: [stripSearchParams({ timeFrame: DEFAULT_TIME_FRAME })] },
  head: () => ({ meta: [{ title: "Sales reports · Foreman" }] }),
  component: SalesReportsPage,
});

function SalesReportsPage() {
  return (
    <NotBuiltYet
      title="Sales reports"
      description="The AI sales funnel, total sales, leads, purchase orders and the breakdown by channel. The sales work will fill this screen."
      issue={3}
    />
  );
}
