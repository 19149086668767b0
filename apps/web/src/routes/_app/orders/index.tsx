import { DEFAULT_TIME_FRAME, FIRST_PAGE, parseOrdersSearch } from "@foreman/contract";
import { createFileRoute, stripSearchParams } from "@tanstack/react-router";
import { OrdersLoading } from "#web/features/orders/components/orders-loading.tsx";
import { OrdersPage } from "#web/features/orders/components/orders-page.tsx";
import { getSelectedCompany } from "#web/lib/selected-company.ts";

export const Route = createFileRoute("/_app/orders/")({
  validateSearch: parseOrdersSearch,
  // The default time frame and the first page stay out of the address bar.
  search: { middlewares: [stripSearchParams({ timeFrame: DEFAULT_TIME_FRAME, page: FIRST_PAGE })] },
  loaderDeps: ({ search }) => ({ search }),
  // Starts the page in the address early (also on link hover). Before the first sign-in the company is
  // not chosen yet — the layout's loader picks it — and the page fetches once it is. Failures reach the
  // error screen.
  loader: async ({ context: { queryClient }, deps: { search } }) => {
    const company = getSelectedCompany();
    if (!company) return;
    // Imported here, not at the top: this file's loader is part of the shell's download.
    const { ordersQueryOptions } = await import("#web/features/orders/api.ts");
    await queryClient.ensureQueryData(ordersQueryOptions(company.id, search));
  },
  head: () => ({ meta: [{ title: "Orders · Foreman" }] }),
  pendingComponent: OrdersLoading,
  component: OrdersRoute,
});

function OrdersRoute() {
  const search = Route.useSearch();
  return <OrdersPage search={search} />;
}
