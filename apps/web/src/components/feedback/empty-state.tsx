import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "#web/lib/utils.ts";

type EmptyStateProps = {
  icon?: LucideIcon;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
};

/** A calm, centred placeholder for a list or panel with nothing to show. */
export function EmptyState({ icon: Icon, title, description, action, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        "flex flex-col items-center justify-center rounded-xl border border-dashed px-6 py-12 text-center",
        className,
      )}
    >
      {Icon ? (
        <div className="mb-4 flex size-10 items-center justify-center rounded-lg border bg-background text-muted-foreground shadow-xs">
          <Icon className="size-5" aria-hidden />
        </div>
      ) : null}
      <h2 className="font-semibold text-base">{title}</h2>
      {description ? <div className="mt-1.5 max-w-md text-balance text-muted-foreground">{description}</div> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
