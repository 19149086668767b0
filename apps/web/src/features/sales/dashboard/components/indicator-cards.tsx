import { formatCount, formatMoney, type SalesIndicators } from "@foreman/contract";
import { type Figure, FigureCard } from "#web/components/figures/figure-card.tsx";
import { formatDurationMinutes } from "#web/lib/format-duration.ts";

type Indicator = Figure & { key: keyof SalesIndicators };

function indicatorsOf(data: SalesIndicators): Indicator[] {
  const money = (value: number | null) => formatMoney(value ?? 0, data.totalSalesAmount.currency);
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
          <FigureCard key={indicator.key} testId={`indicator-${indicator.key}`} figure={indicator} />
        ))}
      </ul>
    </section>
  );
}
