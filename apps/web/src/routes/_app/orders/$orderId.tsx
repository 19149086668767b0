import { createFileRoute, notFound } from "@tanstack/react-router";
import { useCanApprove } from "#web/features/companies/use-can-manage.ts";
import { OrderDetailPage } from "#web/features/orders/components/order-detail-page.tsx";
import { OrderNotFound } from "#web/features/orders/components/order-not-found.tsx";
import { OrderLoading } from "#web/features/orders/components/orders-loading.tsx";
import { CompanyGate } from "#web/lib/company-id.tsx";
import { getSelectedCompany } from "#web/lib/selected-company.ts";

export const Route = createFileRoute("/_app/orders/$orderId")({
  // Starts the call early; before the first sign-in the company is not chosen yet and the page fetches
  // once it is. A 404 (missing, or another company's order) is the Order Not Found page.
  loader: async ({ context: { queryClient }, params: { orderId } }) => {
    const company = getSelectedCompany();
    if (!company) return;
    // Imported here, not at the top: this file's loader is part of the shell's download.
    const { isOrderNotFound, orderQueryOptions } = await import("#web/features/orders/api.ts");
    try {
      await queryClient.ensureQueryData(orderQueryOptions(company.id, orderId));
    } catch (error) {
      if (isOrderNotFound(error)) throw notFound();
      throw error;
    }
  },
  head: () => ({ meta: [{ title: "Order details · Foreman" }] }),
  pendingComponent: OrderLoading,
  notFoundComponent: OrderNotFound,
  component: OrderDetailsRoute,
});

function OrderDetailsRoute() {
  const { orderId } = Route.useParams();
  return (
    <CompanyGate fallback={<OrderLoading />}>
      <OrderDetailForCompany orderId={orderId} />
    </CompanyGate>
  );
}

// Who may cancel a placed order comes from the user's membership of the selected company.
function OrderDetailForCompany({ orderId }: { orderId: string }) {
  return <OrderDetailPage orderId={orderId} canApprove={useCanApprove()} />;
}
