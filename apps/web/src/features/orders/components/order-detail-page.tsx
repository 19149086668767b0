import { DEFAULT_TIME_FRAME } from "@foreman/contract";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import { PageHeader } from "#web/components/layout/page-header.tsx";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { isOrderNotFound, orderQueryOptions } from "../api.ts";
import { OrderActions } from "./order-actions.tsx";
import {
  CustomerInfo,
  DeliveryAddress,
  OrderItems,
  OrderOverview,
  OrderSummary,
  orderHeading,
} from "./order-details.tsx";
import { OrderNotFound } from "./order-not-found.tsx";
import { OrderLoading } from "./orders-loading.tsx";

/**
 * One order with its customer, delivery address, items and summary, and its actions. `canApprove`
 * (from the user's membership, which the route reads) decides whether a placed order may be cancelled.
 */
export function OrderDetailPage({ orderId, canApprove = false }: { orderId: string; canApprove?: boolean }) {
  const companyId = useCompanyId();
  const query = useQuery(orderQueryOptions(companyId, orderId));
  if (query.error) {
    if (isOrderNotFound(query.error)) return <OrderNotFound />;
    throw query.error;
  }
  if (!query.data) return <OrderLoading />;
  const order = query.data;
  return (
    <div className="space-y-6">
      <Link
        to="/orders"
        search={{ timeFrame: DEFAULT_TIME_FRAME }}
        className="inline-flex items-center gap-1.5 text-muted-foreground text-sm hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Orders
      </Link>
      <PageHeader
        title={orderHeading(order)}
        description={`Order #${order.number}`}
        actions={<OrderActions order={order} canApprove={canApprove} />}
      />
      <OrderOverview order={order} />
      <div className="grid min-w-0 gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <OrderItems order={order} />
          <div className="grid min-w-0 gap-6 md:grid-cols-2">
            <CustomerInfo order={order} />
            <DeliveryAddress order={order} />
          </div>
        </div>
        <div>
          <OrderSummary order={order} />
        </div>
      </div>
    </div>
  );
}
