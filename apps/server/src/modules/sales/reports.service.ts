import {
  CHANNELS,
  funnelFromStageCounts,
  ORDER_STATES,
  orderAmount,
  type Period,
  reportBucketDates,
  reportBucketFor,
  type SalesReports,
} from "@foreman/contract";
import type { Executor } from "#server/db/client.ts";
import { findCompanyCurrency } from "./company-currency.repository.ts";
import { leadsByBucket, leadsByChannel, leadsByStage, quotesByState, salesByBucket } from "./reports.repository.ts";

/** Everything the sales reports screen draws, for one period. */
export async function getSalesReports(db: Executor, companyId: string, period: Period): Promise<SalesReports> {
  const currency = await findCompanyCurrency(db, companyId);
  const bucket = reportBucketFor(period);
  const [stages, sales, leadCounts, states, channels] = await Promise.all([
    leadsByStage(db, companyId, period),
    salesByBucket(db, companyId, currency, period, bucket),
    leadsByBucket(db, companyId, period, bucket),
    quotesByState(db, companyId, currency, period),
    leadsByChannel(db, companyId, period),
  ]);
  const dates = reportBucketDates(period, bucket);
  const centsOn = new Map(sales.map((row) => [row.date, row.cents]));
  const leadsOn = new Map(leadCounts.map((row) => [row.date, row.n]));
  const byState = new Map(states.map((row) => [row.state, row]));
  const byChannel = new Map(channels.map((row) => [row.channel, row.n]));
  return {
    currency,
    bucket,
    funnel: funnelFromStageCounts(Object.fromEntries(stages.map((row) => [row.stage, row.n]))),
    salesOverTime: dates.map((date) => ({ date, amount: orderAmount(centsOn.get(date) ?? 0) })),
    leadsOverTime: dates.map((date) => ({ date, count: leadsOn.get(date) ?? 0 })),
    purchaseOrders: ORDER_STATES.map((state) => ({
      state,
      count: byState.get(state)?.n ?? 0,
      amount: orderAmount(byState.get(state)?.cents ?? 0),
    })),
    channels: CHANNELS.map((channel) => ({ channel, count: byChannel.get(channel) ?? 0 })),
  };
}
