import type { ReactNode } from "react";
import { cn } from "#web/lib/utils.ts";
import { Button } from "./button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "./dialog.tsx";
import { Spinner } from "./spinner.tsx";

// Every dialog in the app: a title and a line saying what it is for (Radix names and describes the
// dialog by them), its body, and the close rules — Escape, the ×, a click outside, focus kept inside
// while open and given back on close. Long bodies scroll inside the dialog.

const WIDTHS = {
  md: "",
  lg: "max-w-lg",
  xl: "max-w-xl",
  "2xl": "max-w-2xl",
  "4xl": "max-w-4xl",
} as const;

export type DialogSize = keyof typeof WIDTHS;

type DialogFrameProps = {
  open: boolean;
  /** Asked to close: Escape, the ×, a click outside. */
  onClose: () => void;
  /** While an action runs that must not be left halfway: the dialog stays open. */
  pending?: boolean;
  title: ReactNode;
  description: ReactNode;
  size?: DialogSize;
  className?: string;
  /** The body, footer included; a form in it stays mounted as long as the caller renders it. */
  children: ReactNode;
  /** Where focus goes on close when the dialog has no trigger of its own. */
  onCloseAutoFocus?: (event: Event) => void;
  "data-testid"?: string;
};

export function DialogFrame({
  open,
  onClose,
  pending = false,
  title,
  description,
  size = "md",
  className,
  children,
  ...content
}: DialogFrameProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next || pending ? undefined : onClose())}>
      <DialogContent className={cn("max-h-[90vh] overflow-y-auto", WIDTHS[size], className)} {...content}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

type DialogActionsProps = {
  actionLabel: ReactNode;
  /** Runs the action; without it the action button submits the form the footer stands in. */
  onAction?: () => void;
  actionVariant?: "default" | "destructive";
  /** While the action runs: its button waits and shows a spinner. */
  pending: boolean;
  /** Another reason the action cannot run yet (no file chosen). */
  actionDisabled?: boolean;
  onCancel: () => void;
  cancelLabel?: string;
  /** Cancel waits too while the action runs, where leaving halfway is not allowed. */
  cancelWaits?: boolean;
};

/** A dialog's footer: Cancel leaves without doing anything, and the one action it is for. */
export function DialogActions({
  actionLabel,
  onAction,
  actionVariant = "default",
  pending,
  actionDisabled = false,
  onCancel,
  cancelLabel = "Cancel",
  cancelWaits = false,
}: DialogActionsProps) {
  return (
    <DialogFooter>
      <Button variant="outline" disabled={cancelWaits && pending} onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button
        type={onAction ? "button" : "submit"}
        variant={actionVariant}
        disabled={pending || actionDisabled}
        onClick={onAction}
      >
        {pending ? <Spinner /> : null}
        {actionLabel}
      </Button>
    </DialogFooter>
  );
}
