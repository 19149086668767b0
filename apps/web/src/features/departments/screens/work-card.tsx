import { type ReactNode, useId } from "react";
import { cn } from "#web/lib/utils.ts";

type WorkCardProps = {
  title: string;
  /** How many rows are shown and how many there are: the rest read as "N more". */
  shown?: number;
  total?: number;
  /** A link or summary on the header's right. */
  aside?: ReactNode;
  testId?: string;
  children: ReactNode;
};

/** One list of a department screen: a titled card whose table scrolls sideways inside it on phones. */
export function WorkCard({ title, shown, total, aside, testId, children }: WorkCardProps) {
  const headingId = useId();
  const more = shown !== undefined && total !== undefined ? total - shown : 0;
  return (
    <section
      aria-labelledby={headingId}
      data-testid={testId}
      className="min-w-0 rounded-xl border bg-card text-card-foreground shadow-xs"
    >
      <header className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 pt-4 pb-2">
        <h2 id={headingId} className="font-semibold text-base">
          {title}
          {total !== undefined ? (
            <span className="ml-2 font-normal text-muted-foreground text-sm tabular-nums">{total}</span>
          ) : null}
        </h2>
        <div className="flex items-center gap-3 text-sm">
          {more > 0 ? (
            <span className="text-muted-foreground tabular-nums" data-testid="work-more">
              {more} more
            </span>
          ) : null}
          {aside}
        </div>
      </header>
      <div className="pb-2">{children}</div>
    </section>
  );
}

/** A list's quiet empty line inside its card. */
export function WorkEmpty({ children, className }: { children: ReactNode; className?: string }) {
  return <p className={cn("px-4 pt-2 pb-4 text-muted-foreground text-sm", className)}>{children}</p>;
}

/** Links inside rows: focusable with a visible ring, underlined on hover. */
export const ROW_LINK_CLASS =
  "rounded-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring";
