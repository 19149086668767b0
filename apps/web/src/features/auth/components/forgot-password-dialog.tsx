import { Button } from "#web/components/ui/button.tsx";
import { DialogClose, DialogFooter } from "#web/components/ui/dialog.tsx";
import { DialogFrame } from "#web/components/ui/dialog-frame.tsx";

type ForgotPasswordDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Gets the focus back on close (the dialog has no Radix trigger of its own: forgot-password-link.tsx). */
  onCloseAutoFocus: (event: Event) => void;
};

/** There is no password reset flow yet: say so plainly and point to the people who can help. */
export function ForgotPasswordDialog({ open, onOpenChange, onCloseAutoFocus }: ForgotPasswordDialogProps) {
  return (
    <DialogFrame
      open={open}
      onClose={() => onOpenChange(false)}
      onCloseAutoFocus={onCloseAutoFocus}
      title="Forgot your password?"
      description="Foreman cannot reset passwords by email yet."
    >
      <p className="text-sm leading-relaxed">
        There is no self-service reset in this version. Ask your company&apos;s admin to help you get back into your
        account.
      </p>
      <DialogFooter>
        <DialogClose asChild>
          <Button>Got it</Button>
        </DialogClose>
      </DialogFooter>
    </DialogFrame>
  );
}
