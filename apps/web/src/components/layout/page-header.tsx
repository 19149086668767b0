import type { ReactNode } from "react";
import { cn } from "#web/lib/utils.ts";

type PageHeaderProps = {
  title: string;
  description?: ReactNode;
  /** Buttons or filters aligned to the right on wide screens. */
  actions?: ReactNode;
  /** Context help beside the title: a `HelpLink` to the screen's article. */
  help?: ReactNode;
  className?: string;
};

/** The title block every screen starts with: one h1, an optional line of context, actions. */
export function PageHeader({ title, description, actions, help, className }: PageHeaderProps) {
  const heading = (
    <h1 className="truncate font-semibold text-2xl tracking-tight" title={title}>
      {title}
    </h1>
  );
  return (
    <div className={cn("flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between", className)}>
      <div className="min-w-0 space-y-1">
        {help ? (
          <div className="flex min-w-0 items-center gap-1.5">
            {heading}
            {help}
          </div>
        ) : (
          heading
        )}
        {description ? <p className="text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}
