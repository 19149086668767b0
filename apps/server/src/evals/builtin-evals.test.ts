import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgentWorld, agentWorld, CATALOG } from "#server/test/agents-setup.ts";
import { describeFailures, runScenario, type ScenarioResult } from "./run-scenario.ts";
import { nothingHappened } from "./scenario.ts";
import { SCENARIOS } from "./scenarios.ts";

// Every eval scenario once on the built-in engine (`npm run eval` runs them k times, on any model).
// One world for all: each scenario talks as its own fresh customer, so they do not see each other.

describe("eval scenarios on the built-in engine", () => {
  let w: AgentWorld;
  const results = new Map<string, ScenarioResult>();
  beforeAll(async () => {
    w = await agentWorld();
    for (const scenario of SCENARIOS) results.set(scenario.id, await runScenario(w, scenario));
  });
  afterAll(async () => {
    await w?.t.close();
  });

  it("has at least 30 scenarios with unique ids, half in English and half in Spanish", () => {
    expect(SCENARIOS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(SCENARIOS.map((s) => s.id)).size).toBe(SCENARIOS.length);
    const english = SCENARIOS.filter((s) => s.language === "en").length;
    const spanish = SCENARIOS.filter((s) => s.language === "es").length;
    expect(english).toBeGreaterThan(0);
    expect(spanish).toBeGreaterThan(0);
    expect(english).toBe(spanish);
  });

  it("has goals that fail when the customer got no answer at all", () => {
    const prices = Object.fromEntries(CATALOG.map((p) => [p.sku, p.unitPriceCents]));
    const vacuous = SCENARIOS.filter((s) => s.goal(nothingHappened(s.language, prices)).length === 0).map((s) => s.id);
    expect(vacuous).toEqual([]);
  });

  it("passes every scenario that is not marked as a known issue", () => {
    const failing = SCENARIOS.filter((s) => !s.knownIssue)
      .map((s) => results.get(s.id)!)
      .filter((r) => !r.passed);
    expect(
      failing.map((r) => r.id),
      `failing scenarios:\n${describeFailures(failing)}`,
    ).toEqual([]);
  });

  it("still fails every known issue (remove `knownIssue` from a scenario once its bug is fixed)", () => {
    const fixed = SCENARIOS.filter((s) => s.knownIssue && results.get(s.id)!.passed).map((s) => s.id);
    expect(fixed, "these known issues pass now").toEqual([]);
  });
});
