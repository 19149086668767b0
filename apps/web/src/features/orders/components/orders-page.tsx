import { FIRST_PAGE, type OrdersSearch } from "@foreman/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { PackageOpen } from "lucide-react";
import type { ReactNode } from "react";
import { EmptyState } from "#web/components/feedback/empty-state.tsx";
import { EmployeeFilterNotice } from "#web/components/filters/employee-filter-notice.tsx";
import { PageHeader } from "#web/components/layout/page-header.tsx";
import { PagedList } from "#web/components/layout/paged-list.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { CompanyGate, useCompanyId } from "#web/lib/company-id.tsx";
import { ordersQueryOptions } from "../api.ts";
import { OrderStateFilter } from "./order-state-filter.tsx";
import { OrdersList } from "./orders-list.tsx";
import { OrdersLoading } from "./orders-loading.tsx";

type OrdersPageProps = { search: OrdersSearch };

/** The orders list with its all-orders count; the state filter and the page are held in the address. */
export function OrdersPage({ search }: OrdersPageProps) {
  return (
    <div className="space-y-6">
      <PageHeader title="Orders" description="Quotes and orders created by your AI sales employees." />
      <OrderStateFilter current={search.state} />
      <EmployeeFilterNotice
        aiEmployeeId={search.aiEmployeeId}
        clearLink={(props) => (
          <Link
            from="/orders/"
            to="/orders"
            search={(prev) => ({ ...prev, aiEmployeeId: undefined, page: FIRST_PAGE })}
            {...props}
          />
        )}
      />
      <CompanyGate fallback={<OrdersLoading />}>
        <OrdersResults search={search} />
      </CompanyGate>
    </div>
  );
}

function OrdersResults({ search }: { search: OrdersSearch }) {
  const companyId = useCompanyId();
  // The route's loader usually has the page ready; if not, the previous rows stay, dimmed, until it is.
  const query = useQuery({ ...ordersQueryOptions(companyId, search), placeholderData: keepPreviousData });
  // Errors of the orders list are rethrown, to the route's error screen.
  if (query.error) throw query.error;
  if (!query.data) return <OrdersLoading />;
  // The page the rows are from (while the next loads, still the previous one).
  const { quotes, total, page, perPage } = query.data;
  return (
    <PagedList
      title="All orders"
      headingId="all-orders"
      totalTestId="orders-total"
      page={page}
      perPage={perPage}
      total={total}
      rows={quotes.length}
      noun="orders"
      pageLink={pageLink}
      updating={query.isPlaceholderData}
      pastEnd={{ icon: PackageOpen, backTo: "last" }}
      empty={
        search.state || search.aiEmployeeId ? (
          <EmptyState
            icon={PackageOpen}
            title="No orders"
            description="Orders matching this filter will show up here."
          />
        ) : (
          <EmptyState
            icon={PackageOpen}
            title="No orders"
            description="The quotes and orders your AI employees make with customers appear here. Add your products so they can quote them."
            action={
              <Button asChild variant="outline">
                <Link to="/training">Add products</Link>
              </Button>
            }
          />
        )
      }
    >
      <OrdersList orders={quotes} />
    </PagedList>
  );
}

/** A link to another page of the list; the route strips `page=1` from the address. */
function pageLink(page: number, children: ReactNode) {
  return (
    <Link from="/orders/" to="/orders" search={(prev) => ({ ...prev, page })}>
      {children}
    </Link>
  );
}
