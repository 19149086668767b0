import type { ComponentProps } from "react";
import { cn } from "#web/lib/utils.ts";

export const PRODUCT_NAME = "Foreman";

/** The product mark: an indigo tile with a stylised F whose middle bar ends in a spark. */
export function BrandMark({ className, ...props }: ComponentProps<"span">) {
  return (
    <span
      aria-hidden
      className={cn(
        "inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-linear-to-br from-[oklch(0.62_0.2_280)] to-[oklch(0.45_0.24_285)] text-white shadow-sm ring-1 ring-black/5 ring-inset dark:ring-white/10",
        className,
      )}
      {...props}
    >
      <svg viewBox="0 0 24 24" className="size-[62%]" fill="currentColor" role="presentation">
        <rect x="5" y="4" width="3.5" height="16" rx="1.5" />
        <rect x="5" y="4" width="13" height="3.5" rx="1.5" />
        <rect x="5" y="10.5" width="8.5" height="3.5" rx="1.5" />
        <circle cx="17.25" cy="12.25" r="2" opacity="0.85" />
      </svg>
    </span>
  );
}

/** Mark plus word mark. */
export function BrandLogo({ className, markClassName }: { className?: string; markClassName?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2.5 font-semibold text-base tracking-tight", className)}>
      <BrandMark className={markClassName} />
      <span>{PRODUCT_NAME}</span>
    </span>
  );
}
