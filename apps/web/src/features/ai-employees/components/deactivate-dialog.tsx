import type { EmployeeOutcome } from "@foreman/contract";
import { Button } from "#web/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#web/components/ui/dialog.tsx";

type DeactivateDialogProps = {
  /** The employee to deactivate; null closes the dialog. */
  employee: Pick<EmployeeOutcome, "id" | "name"> | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** Deactivating stops an employee answering customers: said plainly, and asked before it happens. */
export function DeactivateDialog({ employee, pending, onCancel, onConfirm }: DeactivateDialogProps) {
  return (
    <Dialog open={employee !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Deactivate {employee?.name}?</DialogTitle>
          <DialogDescription>
            It stops answering customers, and its open conversations wait for a human until you reassign them or
            reactivate it.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={pending} onClick={onConfirm}>
            Deactivate
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
