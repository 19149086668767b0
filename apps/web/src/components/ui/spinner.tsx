import { LoaderCircle } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "#web/lib/utils.ts";

type SpinnerProps = ComponentProps<"svg"> & {
  /** When given, the spinner announces itself as a status; otherwise it is decorative. */
  label?: string;
};

export function Spinner({ className, label, ...props }: SpinnerProps) {
  return (
    <LoaderCircle
      data-slot="spinner"
      className={cn("size-4 animate-spin", className)}
      {...(label ? { role: "status", "aria-label": label } : { "aria-hidden": true })}
      {...props}
    />
  );
}
