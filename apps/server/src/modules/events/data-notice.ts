import type { Notice } from "./event-bus.ts";

/** The channel migration 0024's triggers NOTIFY at the commit of every change to a company's rows. */
export const DATA_CHANNEL = "foreman_data";

const COMPANY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The notice a data-change NOTIFY stands for: one company's, or every company's for `*` (and, to be
 * safe, for anything else that arrives on the channel); null for another channel.
 */
export function dataNoticeOf(channel: string, payload: string): Extract<Notice, { topic: "data.changed" }> | null {
  if (channel !== DATA_CHANNEL) return null;
  return { topic: "data.changed", companyId: COMPANY_ID.test(payload) ? payload.toLowerCase() : null };
}
