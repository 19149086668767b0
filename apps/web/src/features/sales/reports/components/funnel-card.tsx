import { formatCount, type SalesReports } from "@foreman/contract";
import { Filter } from "lucide-react";
import { FUNNEL_COLOR, FUNNEL_WON_COLOR } from "../chart-colors.ts";
import { type FunnelStep, formatPercent, funnelSteps } from "../report-figures.ts";
import { ReportCard, ReportEmpty } from "./report-card.tsx";

/** The AI sales funnel: each stage's leads, its share of all leads and its conversion from the step before. */
export function FunnelCard({ funnel }: { funnel: SalesReports["funnel"] }) {
  const steps = funnelSteps(funnel);
  const leads = steps[0]?.count ?? 0;
  const won = steps[steps.length - 1];
  return (
    <ReportCard
      title="AI sales funnel"
      figure={formatPercent(won?.ofFirst ?? null)}
      note={
        leads > 0
          ? `Lead-to-won conversion: ${formatCount(won?.count ?? 0)} of ${formatCount(leads)} leads won`
          : "Lead-to-won conversion"
      }
      testId="report-funnel"
    >
      {leads === 0 ? (
        <ReportEmpty
          icon={Filter}
          title="No leads in this period"
          description="Leads your AI sales employees capture, and how far they get, show up here."
        />
      ) : (
        <ol className="space-y-4" aria-label="Funnel stages">
          {steps.map((step) => (
            <FunnelRow key={step.stage} step={step} />
          ))}
        </ol>
      )}
    </ReportCard>
  );
}

function FunnelRow({ step }: { step: FunnelStep }) {
  const width = `${Math.max((step.ofFirst ?? 0) * 100, step.count > 0 ? 1 : 0)}%`;
  return (
    <li data-testid={`funnel-${step.stage}`} className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <span className="truncate font-medium">{step.label}</span>
        <span data-testid="funnel-count" className="font-semibold tabular-nums">
          {formatCount(step.count)}
        </span>
      </div>
      <div aria-hidden className="h-2 overflow-hidden rounded-full bg-muted">
        <div
          className="h-full rounded-full"
          style={{ width, backgroundColor: step.stage === "won" ? FUNNEL_WON_COLOR : FUNNEL_COLOR }}
        />
      </div>
      <div className="flex justify-between gap-3 text-muted-foreground text-xs tabular-nums">
        <span data-testid="funnel-step">
          {step.previousLabel
            ? `${formatPercent(step.fromPrevious)} from ${step.previousLabel}`
            : "Created in this period"}
        </span>
        <span data-testid="funnel-share">{formatPercent(step.ofFirst)} of leads</span>
      </div>
    </li>
  );
}
