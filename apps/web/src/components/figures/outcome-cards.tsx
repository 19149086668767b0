import type { OutcomeComparison } from "@foreman/contract";
import { FigureCard } from "#web/components/figures/figure-card.tsx";
import { type OutcomeKey, outcomeCards } from "#web/components/figures/outcome-figures.ts";

type OutcomeCardsProps = {
  comparison: OutcomeComparison;
  currency: string;
  /** Which figures, in order; all by default. */
  keys?: readonly OutcomeKey[];
  /** The section's accessible name ("Sofía's outcomes"). */
  label: string;
};

/** Outcome figures as cards: each with the previous period and the change. */
export function OutcomeCards({ comparison, currency, keys, label }: OutcomeCardsProps) {
  return (
    <section aria-label={label}>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-5">
        {outcomeCards(comparison, currency, keys).map((figure) => (
          <FigureCard key={figure.key} testId={`outcome-${figure.key}`} figure={figure} />
        ))}
      </ul>
    </section>
  );
}
