import type { ReactNode } from "react";
import { cn } from "#web/lib/utils.ts";

type FormFieldProps = {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  className?: string;
  /** The control; give it `id`, and `aria-describedby={describedBy(id, error, hint)}`. */
  children: ReactNode;
};

/** The ids of a field's hint and error, for the control's aria-describedby. */
export function describedBy(id: string, error?: string, hint?: string): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

/** A label, the control, an optional hint and the field's error under it. */
export function FormField({ id, label, error, hint, className, children }: FormFieldProps) {
  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      <label htmlFor={id} className="font-medium text-sm">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-destructive text-xs">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Native selects, dressed like the inputs. */
export const SELECT_CLASS =
  "h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 aria-invalid:border-destructive dark:bg-input/20";
