import {
  funnelFromStageCounts,
  orderAmount,
  type Period,
  type SalesIndicators,
  type StageCounts,
} from "@foreman/contract";
import type { Executor } from "#server/db/client.ts";
import { findCompanyCurrency } from "./company-currency.repository.ts";
import { leadStageCounts, saleFigures } from "./indicators.repository.ts";

/** Every sales indicator for the period and the one of equal length before it. */
export async function getSalesIndicators(db: Executor, companyId: string, period: Period): Promise<SalesIndicators> {
  const currency = await findCompanyCurrency(db, companyId);
  const [stages, salesPart] = await Promise.all([
    leadStageCounts(db, companyId, period),
    saleFigures(db, companyId, currency, period),
  ]);
  return {
    totalSalesAmount: {
      present: orderAmount(salesPart.totalSalesCents.present),
      past: orderAmount(salesPart.totalSalesCents.past),
      currency,
    },
    totalCustomers: salesPart.totalCustomers,
    ...leadIndicators(stages.present, stages.past),
    turnaroundTimeMinutes: salesPart.turnaroundTimeMinutes,
  };
}

/**
 * The lead indicators of two cohorts by current stage: leadsCount, qualifiedLeadsCount and quoted count
 * the leads at or past that funnel step (FUNNEL_STEP_STAGES; lost leads only as leads); inFollowUp the
 * leads in follow-up now; won the won ones.
 */
function leadIndicators(present: StageCounts, past: StageCounts) {
  const figures = (counts: StageCounts) => {
    const [leads, qualified, quoting, , won] = funnelFromStageCounts(counts).map((step) => step.count);
    return { leads: leads!, qualified: qualified!, quoting: quoting!, following: counts.following_up ?? 0, won: won! };
  };
  const now = figures(present);
  const before = figures(past);
  const pair = (key: keyof typeof now) => ({ present: now[key], past: before[key] });
  return {
    leadsCount: pair("leads"),
    qualifiedLeadsCount: pair("qualified"),
    quoted: pair("quoting"),
    inFollowUp: pair("following"),
    won: pair("won"),
  };
}
