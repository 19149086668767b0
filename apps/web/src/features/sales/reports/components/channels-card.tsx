import { formatCount, type SalesReports } from "@foreman/contract";
import { Radio } from "lucide-react";
import { ChartSlot } from "#web/components/charts/chart-slot.tsx";
import { CHANNEL_COLORS } from "../chart-colors.ts";
import { channelShares, formatPercent, sumOf } from "../report-figures.ts";
import { ChannelsChart } from "./lazy-report-charts.tsx";
import { ReportCard, ReportEmpty } from "./report-card.tsx";

/** The period's leads by the channel they came in on: a ring, and a legend that carries the figures. */
export function ChannelsCard({ channels }: { channels: SalesReports["channels"] }) {
  const shares = channelShares(channels);
  const total = sumOf(shares, (share) => share.count);
  return (
    <ReportCard
      title="Channel breakdown"
      figure={formatCount(total)}
      note="Leads by the channel they came in on"
      testId="report-channels"
    >
      {total === 0 ? (
        <ReportEmpty
          icon={Radio}
          title="No leads in this period"
          description="Leads from WhatsApp, email, phone and SMS show up here, by channel."
        />
      ) : (
        <div className="flex flex-1 flex-col items-center gap-6 sm:flex-row sm:gap-8">
          <div className="relative w-44 shrink-0">
            {/* Under the chart, so a tooltip over the ring's hole covers the total rather than the reverse. */}
            <div aria-hidden className="absolute inset-0 flex flex-col items-center justify-center">
              <span className="font-semibold text-xl tabular-nums">{formatCount(total)}</span>
              <span className="text-muted-foreground text-xs">leads</span>
            </div>
            <ChartSlot height={176}>
              <ChannelsChart shares={shares} title={`Leads by channel: ${formatCount(total)} in total`} />
            </ChartSlot>
          </div>
          <ul className="w-full min-w-0 divide-y" aria-label="Leads by channel">
            {shares.map((share) => (
              <li
                key={share.channel}
                data-testid={`channel-${share.channel}`}
                className="flex items-center gap-3 py-2 text-sm"
              >
                <span
                  aria-hidden
                  className="size-2.5 shrink-0 rounded-full"
                  style={{ backgroundColor: CHANNEL_COLORS[share.channel] }}
                />
                <span className="min-w-0 flex-1 truncate font-medium">{share.label}</span>
                <span data-testid="channel-count" className="tabular-nums">
                  {formatCount(share.count)}
                </span>
                <span className="w-14 text-right text-muted-foreground tabular-nums">{formatPercent(share.share)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </ReportCard>
  );
}
