import type { QuoteDetail } from "@foreman/contract";
import { APPROVER_ROLE_REQUIRED, canCancelOrder, cancelNeedsApprover } from "@foreman/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Download, MessageSquare, XCircle } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { describeError } from "#web/lib/api-error.ts";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { saveFile } from "#web/lib/save-file.ts";
import { toast } from "#web/lib/toast-store.ts";
import { cancelOrder, fetchOrderPdf, orderPdfFilename, ordersKeys } from "../api.ts";

// Radix Dialog is not part of the deferred overlay kit: fetch it the first time the preview opens.
const CancelOrderDialog = lazy(() =>
  import("./cancel-order-dialog.tsx").then((module) => ({ default: module.CancelOrderDialog })),
);

type OrderActionsProps = {
  order: QuoteDetail;
  /** Whether the user may cancel a placed order (owners and admins; members when the company allows it). */
  canApprove?: boolean;
};

/** Download PDF, Go to chat and (for open orders) Cancel order. */
export function OrderActions({ order, canApprove = false }: OrderActionsProps) {
  const companyId = useCompanyId();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);

  const download = useMutation({
    mutationFn: () => fetchOrderPdf(companyId, order.id),
    onSuccess: (file) => saveFile(file, orderPdfFilename(order)),
    onError: (error) =>
      toast({ title: "Couldn't download the PDF", description: describeError(error), variant: "destructive" }),
  });

  const cancel = useMutation({
    mutationFn: () => cancelOrder(companyId, order.id),
    onSuccess: async (updated) => {
      queryClient.setQueryData(ordersKeys.detail(companyId, order.id), updated);
      setConfirming(false);
      toast({ title: "Order cancelled", description: `Order #${order.number} is now cancelled.`, variant: "success" });
      // Lists and counts that included this order are stale now.
      await queryClient.invalidateQueries({ queryKey: ordersKeys.all(companyId) });
    },
    onError: (error) => {
      setConfirming(false);
      toast({ title: "Couldn't cancel the order", description: describeError(error), variant: "destructive" });
      void queryClient.invalidateQueries({ queryKey: ordersKeys.detail(companyId, order.id) });
    },
  });

  const conversationId = order.conversation?.id;
  const approverOnly = !canApprove && cancelNeedsApprover(order.state);
  return (
    <>
      <Button variant="outline" onClick={() => download.mutate()} disabled={download.isPending}>
        {download.isPending ? <Spinner /> : <Download aria-hidden />}
        Download PDF
      </Button>
      {conversationId ? (
        <Button variant="outline" asChild>
          <Link to="/conversations/$conversationId" params={{ conversationId }}>
            <MessageSquare aria-hidden />
            Go to chat
          </Link>
        </Button>
      ) : (
        <Button variant="outline" disabled title="This order has no conversation">
          <MessageSquare aria-hidden />
          Go to chat
        </Button>
      )}
      {canCancelOrder(order.state) ? (
        // Outlined: the page's main actions stay calm; the dialog holds the solid, final button. A placed
        // order takes an approver to cancel (a quote anyone may drop): for others the button stays
        // focusable, says why, and does nothing.
        <Button
          variant="outline"
          className="text-destructive hover:text-destructive aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
          aria-disabled={approverOnly || undefined}
          title={approverOnly ? APPROVER_ROLE_REQUIRED : undefined}
          onClick={() => !approverOnly && setConfirming(true)}
        >
          <XCircle aria-hidden />
          Cancel order
        </Button>
      ) : null}
      {confirming ? (
        <Suspense fallback={null}>
          <CancelOrderDialog
            open={confirming}
            onOpenChange={setConfirming}
            orderLabel={`order #${order.number}`}
            pending={cancel.isPending}
            onConfirm={() => cancel.mutate()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
