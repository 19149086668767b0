import type { OutcomeComparison } from "@foreman/contract";
import { useId } from "react";
import { FigureCard } from "#web/components/figures/figure-card.tsx";
import { type OutcomeKey, outcomeCards } from "#web/components/figures/outcome-figures.ts";

type OutcomeCardsProps = {
  comparison: OutcomeComparison;
  currency: string;
  /** Which figures, in order; all by default. */
  keys?: readonly OutcomeKey[];
  /** The section's accessible name ("Sofía's outcomes"). */
  label: string;
  /**
   * Where the cards sit right under the page's title, the name is also an h2 for screen readers, so that
   * the cards' h3 headings follow one (inside a headed section, the section's own heading serves).
   */
  headed?: boolean;
};

/** Outcome figures as cards: each with the previous period and the change. */
export function OutcomeCards({ comparison, currency, keys, label, headed = false }: OutcomeCardsProps) {
  const headingId = useId();
  return (
    <section aria-label={headed ? undefined : label} aria-labelledby={headed ? headingId : undefined}>
      {headed ? (
        <h2 id={headingId} className="sr-only">
          {label}
        </h2>
      ) : null}
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-5">
        {outcomeCards(comparison, currency, keys).map((figure) => (
          <FigureCard key={figure.key} testId={`outcome-${figure.key}`} figure={figure} />
        ))}
      </ul>
    </section>
  );
}
