import type { ComponentProps, ReactNode } from "react";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";

export type TextFieldProps = ComponentProps<"input"> & {
  id: string;
  label: string;
  error?: string;
  /** Shown at the right of the label (e.g. "Forgot password?"). */
  labelAction?: ReactNode;
};

/** A labelled input with its error under it, tied together for screen readers. */
export function TextField({ id, label, error, labelAction, ...inputProps }: TextFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <div className="flex min-h-4 items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAction}
      </div>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...inputProps}
      />
      {error ? (
        <p id={errorId} className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
