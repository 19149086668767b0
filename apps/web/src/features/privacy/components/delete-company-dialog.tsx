import { DELETION_GRACE_DAYS, deletionConfirmed } from "@foreman/contract";
import { useId, useState } from "react";
import { FormAlert } from "#web/components/feedback/form-alert.tsx";
import { DialogActions, DialogFrame } from "#web/components/ui/dialog-frame.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { describeError } from "#web/lib/api-error.ts";

type DeleteCompanyDialogProps = {
  open: boolean;
  companyName: string;
  onClose: () => void;
  /** Schedules the deletion with what was typed; rejects with the server's refusal. */
  onConfirm: (confirm: string) => Promise<void>;
};

/** Asks for the company's name, typed, before its deletion is scheduled. */
export function DeleteCompanyDialog({ open, companyName, onClose, onConfirm }: DeleteCompanyDialogProps) {
  const id = useId();
  const [typed, setTyped] = useState("");
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const matches = deletionConfirmed(typed, companyName);

  function close() {
    setTyped("");
    setFailure(null);
    onClose();
  }

  async function submit() {
    if (!matches) return;
    setPending(true);
    setFailure(null);
    try {
      await onConfirm(typed);
      setTyped("");
    } catch (error) {
      setFailure(describeError(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <DialogFrame
      open={open}
      onClose={close}
      pending={pending}
      title={`Delete ${companyName}?`}
      description={`The company keeps working for ${DELETION_GRACE_DAYS} days, and any owner can restore it until then. After that, its conversations, files, customers, orders, AI employees and settings are deleted for good. Every owner gets an email.`}
    >
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="grid gap-1.5">
          <label htmlFor={id} className="font-medium text-sm">
            Type <span className="select-all font-semibold">{companyName}</span> to confirm
          </label>
          <Input
            id={id}
            value={typed}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setTyped(event.target.value)}
            disabled={pending}
          />
        </div>
        <FormAlert message={failure} />
        <DialogActions
          actionLabel="Delete company"
          actionVariant="destructive"
          pending={pending}
          actionDisabled={!matches}
          onCancel={close}
          cancelWaits
        />
      </form>
    </DialogFrame>
  );
}
