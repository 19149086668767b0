import { orderAmount, type Period, type SalesIndicators } from "@foreman/contract";
import type { Executor } from "../../db/client.ts";
import { findCompanyCurrency } from "./company-sales.repository.ts";
import { leadFigures, saleFigures } from "./indicators.repository.ts";

/** Every sales indicator for the period and the one of equal length before it (spec §3, §7). */
export async function getSalesIndicators(db: Executor, companyId: string, period: Period): Promise<SalesIndicators> {
  const currency = await findCompanyCurrency(db, companyId);
  const [leadsPart, salesPart] = await Promise.all([
    leadFigures(db, companyId, period),
    saleFigures(db, companyId, currency, period),
  ]);
  return {
    totalSalesAmount: {
      present: orderAmount(salesPart.totalSalesCents.present),
      past: orderAmount(salesPart.totalSalesCents.past),
      currency,
    },
    totalCustomers: salesPart.totalCustomers,
    ...leadsPart,
    turnaroundTimeMinutes: salesPart.turnaroundTimeMinutes,
  };
}
