import { ORDER_CANCELLATION_NOTICE } from "@foreman/contract";
import { ConfirmDialog } from "#web/components/feedback/confirm-dialog.tsx";

type CancelOrderDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  orderLabel: string;
  pending: boolean;
  onConfirm: () => void;
};

/** The cancellation preview. Loaded on first use, so Radix Dialog stays out of the page's chunk. */
export function CancelOrderDialog({ open, onOpenChange, orderLabel, pending, onConfirm }: CancelOrderDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title={`Cancel ${orderLabel}?`}
      description={ORDER_CANCELLATION_NOTICE}
      confirmLabel="Cancel order"
      cancelLabel="Keep order"
      pending={pending}
      onCancel={() => onOpenChange(false)}
      onConfirm={onConfirm}
    />
  );
}
