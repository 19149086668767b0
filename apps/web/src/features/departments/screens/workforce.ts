// The workforce figures the department screens show: shared with the AI employees screens, so they
// live below the features (lib/ and components/).
export { OutcomeCards } from "#web/components/figures/outcome-cards.tsx";
export { type OutcomeKey, outcomeDefinition } from "#web/components/figures/outcome-figures.ts";
export { workforceOutcomesQueryOptions } from "#web/lib/workforce.ts";
