import { describe, expect, it } from "vitest";
import { FUNNEL_STAGES, isLeadStage, LEAD_STAGE_BADGES, LEAD_STAGES, normalizeLeadStage } from "./leads.ts";

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
