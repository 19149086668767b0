import type { ReactNode } from "react";
import { Button } from "#web/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#web/components/ui/dialog.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";

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
  cancelLabel = "Cancel",
  pending,
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next || pending ? undefined : onCancel())}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" disabled={pending} onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button variant="destructive" disabled={pending} onClick={onConfirm}>
            {pending ? <Spinner /> : null}
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
