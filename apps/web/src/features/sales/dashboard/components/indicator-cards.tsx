import { formatCount, formatMoney, formatPercentChange, percentChange, type SalesIndicators } from "@foreman/contract";
import { ArrowDownRight, ArrowUpRight, Minus } from "lucide-react";
import { cn } from "#web/lib/utils.ts";
import { formatDurationMinutes } from "../format-duration.ts";
import { BAD_TONE, GOOD_TONE } from "../tones.ts";

type Indicator = {
  key: keyof SalesIndicators;
  label: string;
  present: number;
  past: number;
  format: (value: number) => string;
  /** A longer turnaround is worse, so its rise is shown as bad. */
  lowerIsBetter?: boolean;
};

function indicatorsOf(data: SalesIndicators): Indicator[] {
  const money = (value: number) => formatMoney(value, data.totalSalesAmount.currency);
  const count = (key: Exclude<keyof SalesIndicators, "totalSalesAmount" | "turnaroundTimeMinutes">, label: string) => ({
    key,
    label,
    present: data[key].present,
    past: data[key].past,
    format: formatCount,
  });
  return [
    { key: "totalSalesAmount", label: "Total sales", ...pick(data.totalSalesAmount), format: money },
    count("totalCustomers", "Customers"),
    count("leadsCount", "Leads"),
    count("qualifiedLeadsCount", "Qualified leads"),
    count("quoted", "Quoted"),
    count("inFollowUp", "In follow-up"),
    count("won", "Won"),
    {
      key: "turnaroundTimeMinutes",
      label: "Turnaround time",
      ...pick(data.turnaroundTimeMinutes),
      format: formatDurationMinutes,
      lowerIsBetter: true,
    },
  ];
}

function pick(value: { present: number; past: number }) {
  return { present: value.present, past: value.past };
}

/** Every indicator as a card: the period's value, the previous period's, and the change. */
export function IndicatorCards({ data }: { data: SalesIndicators }) {
  return (
    <section aria-labelledby="indicators-heading">
      <h2 id="indicators-heading" className="sr-only">
        Sales indicators
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {indicatorsOf(data).map((indicator) => (
          <IndicatorCard key={indicator.key} indicator={indicator} />
        ))}
      </ul>
    </section>
  );
}

function IndicatorCard({ indicator }: { indicator: Indicator }) {
  const change = percentChange(indicator.present, indicator.past);
  const label = formatPercentChange(change);
  const direction = label === "+0%" ? "flat" : change > 0 ? "up" : "down";
  const good = direction === "flat" ? null : (direction === "up") !== Boolean(indicator.lowerIsBetter);
  const Icon = direction === "up" ? ArrowUpRight : direction === "down" ? ArrowDownRight : Minus;
  return (
    <li
      data-testid={`indicator-${indicator.key}`}
      aria-label={indicator.label}
      className="flex min-w-0 flex-col gap-2 rounded-xl border bg-card p-4 text-card-foreground shadow-xs"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="truncate font-medium text-muted-foreground text-sm">{indicator.label}</h3>
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
          {label}
        </span>
      </div>
      <p data-testid="indicator-present" className="truncate font-semibold text-2xl tabular-nums tracking-tight">
        {indicator.format(indicator.present)}
      </p>
      <p data-testid="indicator-past" className="truncate text-muted-foreground text-xs tabular-nums">
        vs {indicator.format(indicator.past)} last period
      </p>
    </li>
  );
}
