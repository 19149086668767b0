import type { ReactNode } from "react";
import { FormAlert } from "#web/components/feedback/form-alert.tsx";
import { DialogActions, DialogFrame } from "#web/components/ui/dialog-frame.tsx";

// The shell of a dialog that holds one form (a product, a skill, a knowledge entry): title, words, the
// form, and its footer with the refusal, Cancel and the submit button.

type FormDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  /** The form: mounted only while open, so each opening starts afresh. */
  children: ReactNode;
};

export function FormDialog({ open, onClose, title, description, children }: FormDialogProps) {
  return (
    <DialogFrame open={open} onClose={onClose} title={title} description={description} size="xl">
      {open ? children : null}
    </DialogFrame>
  );
}

type FormDialogFooterProps = {
  /** The server's refusal that no field carries. */
  failure: string | null;
  saving: boolean;
  submitLabel: string;
  onCancel: () => void;
};

/** Inside the form: Cancel leaves without saving; the submit button waits while the form saves. */
export function FormDialogFooter({ failure, saving, submitLabel, onCancel }: FormDialogFooterProps) {
  return (
    <>
      <FormAlert message={failure} />
      <DialogActions actionLabel={submitLabel} pending={saving} onCancel={onCancel} />
    </>
  );
}
