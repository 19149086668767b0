import { DEFAULT_TIME_FRAME, parseDateRangeSearch } from "@foreman/contract";
import { createFileRoute, stripSearchParams } from "@tanstack/react-router";
import { NotBuiltYet } from "../../components/feedback/not-built-yet.tsx";

export const Route = createFileRoute("/_app/dashboard")({
  validateSearch: parseDateRangeSearch,
  // The default time frame stays out of the address bar.
  search: { middlewares: [stripSearchParams({ timeFrame: DEFAULT_TIME_FRAME })] },
  head: () => ({ meta: [{ title: "AI sales dashboard · Foreman" }] }),
  component: AiSalesDashboardPage,
});

function AiSalesDashboardPage() {
  return (
    <NotBuiltYet
      title="AI sales dashboard"
      description="How much your AI sales employees sold and where the leads are, for today, this week, this month or a custom range. The sales work will fill this screen."
      issue={3}
    />
  );
}
