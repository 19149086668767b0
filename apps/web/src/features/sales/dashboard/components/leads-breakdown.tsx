import {
  CHANNEL_LABELS,
  formatLongDate,
  formatMoney,
  LEAD_STAGE_BADGES,
  LEAD_STAGES,
  type LeadStage,
  type LeadsBreakdown,
  type LeadsBreakdownItem,
} from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { MessageSquare, Users } from "lucide-react";
import { useId } from "react";
import { LeadStageBadge, leadStageLabel } from "#web/components/badges/lead-stage-badge.tsx";
import { EmptyState } from "#web/components/feedback/empty-state.tsx";
import { useIsMobile } from "#web/components/layout/use-mobile.ts";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { cn } from "#web/lib/utils.ts";

type LeadsBreakdownProps = {
  data: LeadsBreakdown | undefined;
  stage: LeadStage | undefined;
  onStage: (stage: LeadStage | undefined) => void;
  loading: boolean;
};

/** The period's leads: a table on wide screens, a list of cards on phones. */
export function LeadsBreakdownSection({ data, stage, onStage, loading }: LeadsBreakdownProps) {
  const selectId = useId();
  const isMobile = useIsMobile();
  const leads = data?.leads ?? [];
  return (
    <section aria-labelledby="leads-heading" className="rounded-xl border bg-card text-card-foreground shadow-xs">
      <div className="flex flex-col gap-3 border-b p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h2 id="leads-heading" className="font-semibold text-base">
            Leads breakdown
          </h2>
          <p className="text-muted-foreground text-sm" aria-live="polite">
            {loading && !data
              ? "Loading leads…"
              : data && data.total > leads.length
                ? `Showing the newest ${leads.length} of ${data.total} leads`
                : `${data?.total ?? 0} ${data?.total === 1 ? "lead" : "leads"} in this period`}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={selectId} className="font-medium text-muted-foreground text-sm">
            Stage
          </label>
          <select
            id={selectId}
            value={stage ?? ""}
            onChange={(event) => onStage((event.target.value || undefined) as LeadStage | undefined)}
            className="h-8 rounded-md border border-input bg-background px-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 dark:bg-input/20"
          >
            <option value="">All stages</option>
            {LEAD_STAGES.map((value) => (
              <option key={value} value={value}>
                {leadStageLabel(value)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className={cn(loading && data && "opacity-60 transition-opacity")} aria-busy={loading}>
        {loading && !data ? (
          <BreakdownSkeleton />
        ) : leads.length === 0 ? (
          <EmptyState
            icon={Users}
            className="m-4"
            title="No leads in this period"
            description={
              stage
                ? `No lead is at the “${LEAD_STAGE_BADGES[stage]}” stage in this period. Try all stages or another period.`
                : "Leads your AI sales employees capture will show up here. Try another period."
            }
          />
        ) : // One of the two, not both with one hidden: a phone built 600 elements of table for nothing.
        isMobile ? (
          <LeadsList leads={leads} />
        ) : (
          <LeadsTable leads={leads} />
        )}
      </div>
    </section>
  );
}

function ConversationLink({ lead }: { lead: LeadsBreakdownItem }) {
  if (!lead.conversationId) return <span className="text-muted-foreground text-xs">No conversation</span>;
  return (
    <Link
      to="/conversations/$conversationId"
      params={{ conversationId: lead.conversationId }}
      className="inline-flex items-center gap-1 rounded-sm font-medium text-primary text-sm underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
    >
      <MessageSquare aria-hidden className="size-3.5" />
      Open conversation
      <span className="sr-only"> with {lead.personName}</span>
    </Link>
  );
}

/** The source as captured, and the channel it maps to when the source does not already say it. */
function SourceCell({ lead }: { lead: LeadsBreakdownItem }) {
  const channel = CHANNEL_LABELS[lead.channel];
  const source = lead.source.trim();
  const saysChannel = source.toLowerCase().includes(channel.toLowerCase());
  return (
    <span className="whitespace-nowrap">
      {source || channel}
      {source && !saysChannel ? <span className="text-muted-foreground"> · {channel}</span> : null}
    </span>
  );
}

function LeadsTable({ leads }: { leads: LeadsBreakdownItem[] }) {
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="w-full text-sm" data-testid="leads-table">
        <thead>
          <tr className="border-b text-left text-muted-foreground text-xs">
            <th scope="col" className="px-3 py-2 font-medium">
              Person
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Need
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Deal size
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Date and source
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Stage
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              <span className="sr-only">Conversation</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {leads.map((lead) => (
            <tr key={lead.id} className="border-b last:border-b-0 hover:bg-muted/40">
              <td className="min-w-40 px-3 py-2.5">
                <div className="font-medium">{lead.personName}</div>
                {lead.companyName ? <div className="text-muted-foreground text-xs">{lead.companyName}</div> : null}
              </td>
              <td className="min-w-40 max-w-72 px-3 py-2.5">
                <span className="line-clamp-2">{lead.need ?? "—"}</span>
              </td>
              <td className="whitespace-nowrap px-3 py-2.5 text-right tabular-nums">
                {formatMoney(lead.dealSize.amountCents / 100, lead.dealSize.currency)}
              </td>
              <td className="px-3 py-2.5">
                <div className="whitespace-nowrap tabular-nums">{formatLongDate(lead.date)}</div>
                <div className="text-muted-foreground text-xs">
                  <SourceCell lead={lead} />
                </div>
              </td>
              <td className="whitespace-nowrap px-3 py-2.5">
                <LeadStageBadge stage={lead.currentStage} />
              </td>
              <td className="whitespace-nowrap px-3 py-2.5 text-right">
                <ConversationLink lead={lead} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LeadsList({ leads }: { leads: LeadsBreakdownItem[] }) {
  return (
    <ul className="divide-y md:hidden" data-testid="leads-list">
      {leads.map((lead) => (
        <li key={lead.id} className="flex flex-col gap-2 p-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <div className="truncate font-medium">{lead.personName}</div>
              {lead.companyName ? (
                <div className="truncate text-muted-foreground text-xs">{lead.companyName}</div>
              ) : null}
            </div>
            <div className="shrink-0 text-right font-semibold tabular-nums">
              {formatMoney(lead.dealSize.amountCents / 100, lead.dealSize.currency)}
            </div>
          </div>
          {lead.need ? <p className="line-clamp-2 text-sm">{lead.need}</p> : null}
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground text-xs">
            <LeadStageBadge stage={lead.currentStage} />
            <SourceCell lead={lead} />
            <span>{formatLongDate(lead.date)}</span>
          </div>
          <ConversationLink lead={lead} />
        </li>
      ))}
    </ul>
  );
}

function BreakdownSkeleton() {
  return (
    <div className="space-y-3 p-4">
      {[0, 1, 2, 3].map((row) => (
        <Skeleton key={row} className="h-10 w-full" />
      ))}
    </div>
  );
}
