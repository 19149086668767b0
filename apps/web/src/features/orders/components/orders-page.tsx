import type { OrdersSearch } from "@foreman/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { PackageOpen } from "lucide-react";
import { EmptyState } from "#web/components/feedback/empty-state.tsx";
import { PageHeader } from "#web/components/layout/page-header.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { cn } from "#web/lib/utils.ts";
import { ordersQueryOptions } from "../api.ts";
import { OrderStateFilter } from "./order-state-filter.tsx";
import { OrdersList } from "./orders-list.tsx";
import { OrdersLoading } from "./orders-loading.tsx";
import { OrdersPagination } from "./orders-pagination.tsx";

type OrdersPageProps = { companyId: string | null; search: OrdersSearch };

/** The orders list with its all-orders count; the state filter and the page are held in the address. */
export function OrdersPage({ companyId, search }: OrdersPageProps) {
  return (
    <div className="space-y-6">
      <PageHeader title="Orders" description="Quotes and orders created by your AI sales employees." />
      <OrderStateFilter current={search.state} />
      {/* A new company starts afresh rather than showing the previous one's rows while loading. */}
      {companyId ? <OrdersResults key={companyId} companyId={companyId} search={search} /> : <OrdersLoading />}
    </div>
  );
}

function OrdersResults({ companyId, search }: { companyId: string; search: OrdersSearch }) {
  // The route's loader usually has the page ready; if not, the previous rows stay, dimmed, until it is.
  const query = useQuery({ ...ordersQueryOptions(companyId, search), placeholderData: keepPreviousData });
  // Errors of the orders list are rethrown, to the route's error screen.
  if (query.error) throw query.error;
  if (!query.data) return <OrdersLoading />;
  // The page the rows are from (while the next loads, still the previous one).
  const { quotes, total, page, perPage } = query.data;
  return (
    <section aria-labelledby="all-orders" className="space-y-4">
      <h2 id="all-orders" className="flex items-baseline gap-2 font-semibold text-base">
        All orders
        <span className="font-normal text-muted-foreground tabular-nums" data-testid="orders-total">
          {total.toLocaleString("en-US")}
        </span>
        {query.isPlaceholderData ? <Spinner className="size-3.5 self-center text-muted-foreground" /> : null}
      </h2>
      {quotes.length === 0 && total > 0 ? (
        <PastLastPage page={page} pages={Math.ceil(total / perPage)} />
      ) : quotes.length === 0 ? (
        <EmptyState icon={PackageOpen} title="No orders" description="Orders matching this filter will show up here." />
      ) : (
        <div className={cn("space-y-4 transition-opacity", query.isPlaceholderData && "opacity-60")}>
          <OrdersList orders={quotes} />
          <OrdersPagination page={page} perPage={perPage} total={total} />
        </div>
      )}
    </section>
  );
}

/** A `page` beyond the last one (an old link, fewer orders since): say so and offer the last page. */
function PastLastPage({ page, pages }: { page: number; pages: number }) {
  return (
    <EmptyState
      icon={PackageOpen}
      title={`There is no page ${page.toLocaleString("en-US")}`}
      description={`These orders fit on ${pages.toLocaleString("en-US")} ${pages === 1 ? "page" : "pages"}.`}
      action={
        <Button variant="outline" size="sm" asChild>
          <Link from="/orders/" to="/orders" search={(prev) => ({ ...prev, page: pages })}>
            Go to the last page
          </Link>
        </Button>
      }
    />
  );
}
