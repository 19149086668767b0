import { Spinner } from "#web/components/ui/spinner.tsx";

// The pending texts. Kept apart from the pages: the routes' pending views load with the
// router, and must not pull a whole page into the shell's download.

export const ORDERS_PENDING_TEXT = "Loading orders...";
export const ORDER_PENDING_TEXT = "Loading order details...";

function Pending({ text }: { text: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-16 text-muted-foreground">
      <Spinner />
      <span>{text}</span>
    </div>
  );
}

export const OrdersLoading = () => <Pending text={ORDERS_PENDING_TEXT} />;
export const OrderLoading = () => <Pending text={ORDER_PENDING_TEXT} />;
