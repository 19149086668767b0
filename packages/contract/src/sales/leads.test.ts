import { describe, expect, it } from "vitest";
import {
  FUNNEL_STAGES,
  FUNNEL_STEP_STAGES,
  funnelFromStageCounts,
  isLeadStage,
  LEAD_STAGE_BADGES,
  LEAD_STAGES,
  normalizeLeadStage,
} from "./leads.ts";

describe("lead stages", () => {
  it("lists the spec's stages, badges and funnel stages in order", () => {
    expect(LEAD_STAGES).toEqual(["new", "qualified", "quoted", "following_up", "won", "lost"]);
    expect(LEAD_STAGES.map((stage) => LEAD_STAGE_BADGES[stage])).toEqual([
      "new lead",
      "qualified lead",
      "quote sent",
      "following up",
      "won",
      "lost",
    ]);
    expect(FUNNEL_STAGES).toEqual(["leads", "qualified", "quoting", "following_up", "won"]);
    expect(isLeadStage("won")).toBe(true);
    expect(isLeadStage("leads")).toBe(false);
  });
});

describe("normalizeLeadStage", () => {
  it("keeps every known stage", () => {
    for (const stage of LEAD_STAGES) expect(normalizeLeadStage(stage)).toBe(stage);
  });

  it("forgives case and spaces", () => {
    expect(normalizeLeadStage(" Following_Up ")).toBe("following_up");
  });

  it.each([undefined, null, "", "negotiating", "following up", 3])("reads an unknown stage as new (%s)", (value) => {
    expect(normalizeLeadStage(value)).toBe("new");
  });
});

describe("FUNNEL_STEP_STAGES", () => {
  it("nests every step inside the one before it, so the funnel never widens", () => {
    for (const [index, step] of FUNNEL_STAGES.entries()) {
      if (index === 0) continue;
      const previous = FUNNEL_STEP_STAGES[FUNNEL_STAGES[index - 1]!];
      for (const stage of FUNNEL_STEP_STAGES[step]) expect(previous).toContain(stage);
      expect(FUNNEL_STEP_STAGES[step].length).toBeLessThan(previous.length);
    }
  });

  it("counts a won lead at every step and a lost one only as a lead", () => {
    for (const step of FUNNEL_STAGES) expect(FUNNEL_STEP_STAGES[step]).toContain("won");
    const withLost = FUNNEL_STAGES.filter((step) => FUNNEL_STEP_STAGES[step].includes("lost"));
    expect(withLost).toEqual(["leads"]);
  });
});

describe("funnelFromStageCounts", () => {
  it("counts each lead at every step it reached", () => {
    const funnel = funnelFromStageCounts({ new: 10, qualified: 6, quoted: 4, following_up: 3, won: 2, lost: 5 });
    expect(funnel).toEqual([
      { stage: "leads", count: 30 },
      { stage: "qualified", count: 15 },
      { stage: "quoting", count: 9 },
      { stage: "following_up", count: 5 },
      { stage: "won", count: 2 },
    ]);
  });

  it("gives zeros for no leads", () => {
    expect(funnelFromStageCounts({}).map((step) => step.count)).toEqual([0, 0, 0, 0, 0]);
  });
});
