import type { EmployeeOutcome } from "@foreman/contract";
import { ConfirmDialog } from "#web/components/feedback/confirm-dialog.tsx";

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
    <ConfirmDialog
      open={employee !== null}
      title={`Deactivate ${employee?.name ?? ""}?`}
      description="It stops answering customers, and its open conversations wait for a human until you reassign them or reactivate it."
      confirmLabel="Deactivate"
      pending={pending}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
