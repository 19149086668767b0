import { formatPercentChange, percentChange } from "@foreman/contract";
import { ArrowDownRight, ArrowUpRight, Minus } from "lucide-react";
import { BAD_TONE, GOOD_TONE } from "#web/components/figures/tones.ts";
import { cn } from "#web/lib/utils.ts";

/** A figure for a period, compared with the period of equal length before it. */
export type Figure = {
  label: string;
  present: number | null;
  past: number | null;
  format: (value: number | null) => string;
  /** A longer wait is worse, so its rise is shown as bad. */
  lowerIsBetter?: boolean;
};

/** The period's value, the previous period's, and the change as a good/bad chip. */
export function FigureCard({ figure, testId }: { figure: Figure; testId?: string }) {
  const comparable = figure.present !== null && figure.past !== null;
  const change = comparable ? percentChange(figure.present, figure.past) : 0;
  const label = formatPercentChange(change);
  const direction = label === "+0%" ? "flat" : change > 0 ? "up" : "down";
  const good = direction === "flat" ? null : (direction === "up") !== Boolean(figure.lowerIsBetter);
  const Icon = direction === "up" ? ArrowUpRight : direction === "down" ? ArrowDownRight : Minus;
  return (
    <li
      data-testid={testId}
      aria-label={figure.label}
      className="flex min-w-0 flex-col gap-2 rounded-xl border bg-card p-4 text-card-foreground shadow-xs"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="truncate font-medium text-muted-foreground text-sm">{figure.label}</h3>
        <span
          data-testid="indicator-change"
          data-direction={direction}
          className={cn(
            "inline-flex shrink-0 items-center gap-0.5 rounded-md px-1.5 py-0.5 font-medium text-xs tabular-nums",
            good === null && "bg-muted text-muted-foreground",
            good === true && GOOD_TONE,
            good === false && BAD_TONE,
          )}
        >
          <Icon aria-hidden className="size-3.5" />
          {comparable ? label : "n/a"}
        </span>
      </div>
      <p data-testid="indicator-present" className="truncate font-semibold text-2xl tabular-nums tracking-tight">
        {figure.format(figure.present)}
      </p>
      <p data-testid="indicator-past" className="truncate text-muted-foreground text-xs tabular-nums">
        vs {figure.format(figure.past)} last period
      </p>
    </li>
  );
}
