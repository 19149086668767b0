import { z } from "zod";

// The dashboard's getting-started checklist: the first hour of a new company, each step checked from
// what the company really has (never from clicks), shown until every step is done or it is dismissed.

/** The steps, in the order a newcomer takes them. */
export const GETTING_STARTED_STEPS = [
  "hire_employee",
  "add_products",
  "add_knowledge",
  "try_playground",
  "connect_channel",
  "answer_action_item",
] as const;
export type GettingStartedStepKey = (typeof GETTING_STARTED_STEPS)[number];

export const gettingStartedStepSchema = z.object({
  key: z.enum(GETTING_STARTED_STEPS),
  done: z.boolean(),
});
export type GettingStartedStep = z.infer<typeof gettingStartedStepSchema>;

/** `GET /app/getting_started.json` and `POST /app/getting_started/dismiss.json`. */
export const gettingStartedSchema = z.object({
  steps: z.array(gettingStartedStepSchema),
  completedCount: z.number().int().nonnegative(),
  total: z.number().int().positive(),
  /** An owner or admin hid the checklist. */
  dismissed: z.boolean(),
});
export type GettingStarted = z.infer<typeof gettingStartedSchema>;

/** The checklist from which steps are done, in the steps' order. */
export function gettingStartedOf(done: ReadonlySet<GettingStartedStepKey>, dismissed: boolean): GettingStarted {
  const steps = GETTING_STARTED_STEPS.map((key) => ({ key, done: done.has(key) }));
  return {
    steps,
    completedCount: steps.filter((step) => step.done).length,
    total: steps.length,
    dismissed,
  };
}

/** Whether the dashboard shows the checklist: not hidden by an owner or admin, and something left to do. */
export function showsGettingStarted(checklist: GettingStarted): boolean {
  return !checklist.dismissed && checklist.completedCount < checklist.total;
}
