import type { ReactNode } from "react";
import { DialogActions, DialogFrame } from "#web/components/ui/dialog-frame.tsx";

type ConfirmDialogProps = {
  open: boolean;
  /** The question: "Delete Returns policy?". */
  title: string;
  /** What happens, said plainly (and whether it can be undone). */
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** While the action runs: both buttons wait and the dialog stays open. */
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** A destructive action asked before it happens: one sentence of consequences, Cancel and the action. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel,
  pending,
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <DialogFrame open={open} onClose={onCancel} pending={pending} title={title} description={description}>
      <DialogActions
        actionLabel={confirmLabel}
        actionVariant="destructive"
        onAction={onConfirm}
        pending={pending}
        onCancel={onCancel}
        cancelLabel={cancelLabel}
        cancelWaits
      />
    </DialogFrame>
  );
}
