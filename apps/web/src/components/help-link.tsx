import { CONTEXT_HELP, type ContextHelpKey } from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { CircleHelp } from "lucide-react";
import { cn } from "#web/lib/utils.ts";
import { buttonVariants } from "./ui/button.tsx";
import { LazyTooltip } from "./ui/lazy-tooltip.tsx";

/**
 * Context help: a small icon beside a screen's title that opens the help centre's article about the
 * screen. Its name says which article ("Help: Action items and approvals"); the tooltip repeats it.
 */
export function HelpLink({ topic, className }: { topic: ContextHelpKey; className?: string }) {
  const { slug, title } = CONTEXT_HELP[topic];
  const label = `Help: ${title}`;
  return (
    <LazyTooltip content={label} side="bottom">
      <Link
        to="/help/$slug"
        params={{ slug }}
        aria-label={label}
        data-testid="help-link"
        className={cn(
          buttonVariants({ variant: "ghost", size: "icon-sm" }),
          "size-7 text-muted-foreground hover:text-foreground",
          className,
        )}
      >
        <CircleHelp aria-hidden />
      </Link>
    </LazyTooltip>
  );
}
