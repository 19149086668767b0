import type { Integration, IntegrationState } from "@foreman/contract";
import type { LucideIcon } from "lucide-react";
import { type ReactNode, useId } from "react";
import { IntegrationStateBadge } from "#web/components/badges/integration-state-badge.tsx";
import { cn } from "#web/lib/utils.ts";

type IntegrationCardProps = {
  /** Its name and what it does. */
  integration: Integration;
  /** The state shown, which a card that follows it live may know better than the list. */
  state: IntegrationState;
  icon: LucideIcon;
  /** Not offered yet: the card steps back. */
  muted?: boolean;
  /** Details, setup and actions, under the text on wide screens and the whole width on a phone. */
  children?: ReactNode;
};

/** One integration in the training centre's list: icon, name, state and description, then its body. */
export function IntegrationCard({ integration, state, icon: Icon, muted = false, children }: IntegrationCardProps) {
  const id = useId();
  return (
    <article
      aria-labelledby={`${id}-name`}
      data-testid="integration"
      data-key={integration.key}
      data-state={state}
      className={cn(
        "space-y-3 rounded-xl border bg-card p-4 text-card-foreground shadow-xs sm:p-5",
        muted && "bg-muted/30",
      )}
    >
      <div className="flex items-start gap-3 sm:gap-4">
        <div
          className={cn(
            "flex size-10 shrink-0 items-center justify-center rounded-lg border bg-background shadow-xs",
            muted ? "text-muted-foreground" : "text-foreground",
          )}
        >
          <Icon className="size-5" aria-hidden />
        </div>
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
            <h3 id={`${id}-name`} className="font-semibold text-base leading-tight">
              {integration.name}
            </h3>
            <IntegrationStateBadge state={state} />
          </div>
          <p className="text-muted-foreground text-sm">{integration.description}</p>
        </div>
      </div>
      {children ? <div className="space-y-3 sm:pl-14">{children}</div> : null}
    </article>
  );
}
