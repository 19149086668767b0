import { ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "#web/lib/utils.ts";

// A list's rows as cards on phones (where a table has no room): the whole card is the link that opens
// the row, with a chevron saying so.

/** The card's link classes: each screen writes its own link (links are typed by route). */
export const LIST_CARD_CLASS =
  "flex items-center gap-3 rounded-xl border bg-card p-4 shadow-xs outline-none transition-colors hover:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring";

/** Inside the card's link: the row's lines, then the chevron. */
export function ListCardContent({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <>
      <div className={cn("min-w-0 flex-1 space-y-1.5", className)}>{children}</div>
      <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden />
    </>
  );
}
