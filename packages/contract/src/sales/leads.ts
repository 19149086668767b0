// Lead stages, their badges and the sales funnel.

export const LEAD_STAGES = ["new", "qualified", "quoted", "following_up", "won", "lost"] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];

export function isLeadStage(value: unknown): value is LeadStage {
  return typeof value === "string" && (LEAD_STAGES as readonly string[]).includes(value);
}

/** A known stage as it is (case and spaces forgiven); anything else is shown as "new". */
export function normalizeLeadStage(value: unknown): LeadStage {
  if (typeof value !== "string") return "new";
  const stage = value.trim().toLowerCase();
  return isLeadStage(stage) ? stage : "new";
}

/** The inbox badge for each stage. */
export const LEAD_STAGE_BADGES: Record<LeadStage, string> = {
  new: "new lead",
  qualified: "qualified lead",
  quoted: "quote sent",
  following_up: "following up",
  won: "won",
  lost: "lost",
};

/** The five stages of the AI sales funnel, in order. */
export const FUNNEL_STAGES = ["leads", "qualified", "quoting", "following_up", "won"] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

/**
 * The lead stages counted at each funnel step: a lead counts at every step it has reached, so each
 * step holds the next and the funnel never widens. A won lead went through follow-up; a lost lead
 * counts only as a lead (how far it got before it was lost is not kept).
 */
export const FUNNEL_STEP_STAGES: Record<FunnelStage, readonly LeadStage[]> = {
  leads: LEAD_STAGES,
  qualified: ["qualified", "quoted", "following_up", "won"],
  quoting: ["quoted", "following_up", "won"],
  following_up: ["following_up", "won"],
  won: ["won"],
};

export type StageCounts = Partial<Record<LeadStage, number>>;

/** Lead counts by current stage → the funnel, each step counting the leads at or past it. */
export function funnelFromStageCounts(counts: StageCounts): { stage: FunnelStage; count: number }[] {
  return FUNNEL_STAGES.map((stage) => ({
    stage,
    count: FUNNEL_STEP_STAGES[stage].reduce((sum, reached) => sum + (counts[reached] ?? 0), 0),
  }));
}
