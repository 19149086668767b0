import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgentWorld, agentWorld, CATALOG } from "#server/test/agents-setup.ts";
import { CONVERSATIONS } from "./conversations/index.ts";
import { demoCatalogProducts } from "./demo-catalog-desk.ts";
import { CONVERSATION_PASS_GOAL } from "./eval-report.ts";
import { describeFailures, runScenario, type ScenarioResult } from "./run-scenario.ts";
import { nothingHappened, type Scenario } from "./scenario.ts";
import { SCENARIOS } from "./scenarios.ts";

// The conversation set's fast slice in `npm test`: every 4th conversation (the set lists each category's
// conversations together, so every category is in it), once on the built-in engine, held at the set's
// goal. `npm run eval -- --set conversations` runs the whole set with the per-category table.

const SLICE = CONVERSATIONS.filter((_, index) => index % 4 === 0);

/** Unit prices of the catalog the conversation's company sells. */
function pricesOf(conversation: Scenario): Record<string, number> {
  const catalog =
    conversation.company === "northwind" || conversation.company === "andes"
      ? demoCatalogProducts(conversation.company)
      : CATALOG;
  return Object.fromEntries(catalog.map((p) => [p.sku, p.unitPriceCents]));
}

describe("the conversation set", () => {
  const categories = [...new Set(CONVERSATIONS.map((c) => c.category))];

  it("has at least 100 conversations with unique ids (the scenarios' too), at least 50 in each language", () => {
    expect(CONVERSATIONS.length).toBeGreaterThanOrEqual(100);
    const ids = [...CONVERSATIONS, ...SCENARIOS].map((c) => c.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(CONVERSATIONS.filter((c) => c.language === "en").length).toBeGreaterThanOrEqual(50);
    expect(CONVERSATIONS.filter((c) => c.language === "es").length).toBeGreaterThanOrEqual(50);
  });

  it("talks to the demo catalogs' companies, each conversation in a category", () => {
    expect(CONVERSATIONS.filter((c) => c.company !== "northwind" && c.company !== "andes").map((c) => c.id)).toEqual(
      [],
    );
    expect(CONVERSATIONS.filter((c) => !c.category).map((c) => c.id)).toEqual([]);
  });

  it("has every category in both languages, and in the test slice", () => {
    const missing = categories.flatMap((category) =>
      (["en", "es"] as const)
        .filter((language) => !CONVERSATIONS.some((c) => c.category === category && c.language === language))
        .map((language) => `${category} (${language})`),
    );
    expect(missing).toEqual([]);
    expect(categories.filter((category) => !SLICE.some((c) => c.category === category))).toEqual([]);
  });

  it("has at least one customer turn in each conversation", () => {
    expect(CONVERSATIONS.filter((c) => !c.turns.some((turn) => typeof turn !== "object")).map((c) => c.id)).toEqual([]);
  });

  it("has goals that fail when the customer got no answer at all", () => {
    expect(
      CONVERSATIONS.filter((c) => c.goal(nothingHappened(c.language, pricesOf(c))).length === 0).map((c) => c.id),
    ).toEqual([]);
  });
});

describe("the conversation set's slice on the built-in engine", () => {
  let w: AgentWorld;
  const results: ScenarioResult[] = [];
  beforeAll(async () => {
    w = await agentWorld({ demoCatalogs: true });
    for (const conversation of SLICE) results.push(await runScenario(w, conversation));
  });
  afterAll(async () => {
    await w?.t.close();
  });

  it(`passes at least ${CONVERSATION_PASS_GOAL * 100}% of every 4th conversation`, () => {
    const failing = results.filter((r) => !r.passed);
    const rate = SLICE.length === 0 ? 0 : (results.length - failing.length) / SLICE.length;
    expect(
      rate,
      `${results.length - failing.length}/${SLICE.length} passed; failing:\n${describeFailures(failing)}`,
    ).toBeGreaterThanOrEqual(CONVERSATION_PASS_GOAL);
  });
});
