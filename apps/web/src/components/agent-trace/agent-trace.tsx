import {
  AGENT_RUN_OUTCOME_LABELS,
  AGENT_TOOL_NAMES,
  type AgentRunOutcome,
  type AgentRunTrace,
  TOOL_LABELS,
  type TracePassage,
  type TraceStep,
} from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import {
  ArrowRightLeft,
  BookOpen,
  CircleAlert,
  CircleCheck,
  Cpu,
  Hand,
  MessageCircleQuestion,
  Wrench,
} from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "#web/lib/utils.ts";
import { Badge, type BadgeProps } from "../ui/badge.tsx";
import {
  formatMs,
  handoffTarget,
  prettyJson,
  providerLabel,
  runFigures,
  summarizeJson,
  truncateText,
} from "./trace-format.ts";

// How the AI runtime got to a reply, for staff: the run's outcome, provider and cost, then each step
// (passages read, tools called with what they answered, waits for staff, handoffs, errors). Shared by
// the AI employee playground and the conversation thread.

const OUTCOME_VARIANT: Record<AgentRunOutcome, NonNullable<BadgeProps["variant"]>> = {
  replied: "success",
  waiting: "warning",
  handed_off: "info",
  failed: "destructive",
  skipped: "muted",
};

export function AgentRunOutcomeBadge({ outcome, className }: { outcome: AgentRunOutcome; className?: string }) {
  return (
    <Badge variant={OUTCOME_VARIANT[outcome] ?? "outline"} className={className} data-testid="run-outcome">
      {AGENT_RUN_OUTCOME_LABELS[outcome] ?? outcome}
    </Badge>
  );
}

type AgentTraceProps = {
  run: AgentRunTrace;
  /** Off where the outcome badge is already shown beside the control that opened the trace. */
  showOutcome?: boolean;
  className?: string;
};

export function AgentTrace({ run, showOutcome = true, className }: AgentTraceProps) {
  // The run's error is usually its last step too; written once.
  const extraError = run.error && !run.steps.some((step) => step.kind === "error" && step.message === run.error);
  return (
    <div className={cn("min-w-0 space-y-3 text-xs", className)} data-testid="agent-trace">
      <div className="space-y-1.5">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          {showOutcome ? <AgentRunOutcomeBadge outcome={run.outcome} /> : null}
          <span className="inline-flex min-w-0 items-center gap-1 text-muted-foreground">
            <Cpu aria-hidden className="size-3.5 shrink-0" />
            <span>{providerLabel(run.provider)}</span>
            <span aria-hidden>·</span>
            <span className="break-all font-mono">{run.model}</span>
          </span>
        </div>
        <p className="text-muted-foreground tabular-nums">{runFigures(run)}</p>
      </div>
      {run.steps.length > 0 ? (
        <ol aria-label="Trace steps" className="space-y-2.5">
          {run.steps.map((step, index) => (
            // Steps never move or change: their place is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} data-testid="trace-step" data-kind={step.kind}>
              <TraceStepView step={step} />
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-muted-foreground">No steps: nothing was looked up and no tool was called.</p>
      )}
      {extraError ? <ErrorStep message={run.error!} /> : null}
    </div>
  );
}

export function TraceStepView({ step }: { step: TraceStep }) {
  switch (step.kind) {
    case "tools":
      return <ToolsStep skills={step.skills} tools={step.tools} />;
    case "passages":
      return <PassagesStep passages={step.passages} />;
    case "tool_call":
      return <ToolCallStep step={step} />;
    case "wait":
      return (
        <StepRow icon={step.actionType === "authorize" ? Hand : MessageCircleQuestion} tone="warning">
          <p className="font-medium text-foreground">
            Waiting for staff: <span className="break-words font-normal">{step.title}</span>
          </p>
          <p className="text-muted-foreground">
            {step.actionType === "authorize" ? "An authorization request" : "A question"} is in{" "}
            <Link
              to="/action_items"
              className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            >
              Action items
            </Link>
            .
          </p>
        </StepRow>
      );
    case "handoff":
      return (
        <StepRow icon={ArrowRightLeft} tone="info">
          <p className="font-medium text-foreground">Handed off to {handoffTarget(step.to)}</p>
          {step.reason ? <p className="break-words text-muted-foreground">{step.reason}</p> : null}
        </StepRow>
      );
    case "error":
      return <ErrorStep message={step.message} />;
    default:
      return null;
  }
}

const TONES = {
  muted: "text-muted-foreground",
  warning: "text-[oklch(0.47_0.12_58)] dark:text-[oklch(0.87_0.15_85)]",
  info: "text-info",
  destructive: "text-destructive",
} as const;

function StepRow({
  icon: Icon,
  tone = "muted",
  children,
}: {
  icon: typeof Wrench;
  tone?: keyof typeof TONES;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 gap-2">
      <Icon aria-hidden className={cn("mt-px size-3.5 shrink-0", TONES[tone])} />
      <div className="min-w-0 flex-1 space-y-1">{children}</div>
    </div>
  );
}

/** What the run could use: the employee's skills and their tools, and the tools it had not. */
function ToolsStep({ skills, tools }: { skills: string[]; tools: readonly string[] }) {
  const withheld = AGENT_TOOL_NAMES.filter((name) => !tools.includes(name));
  return (
    <StepRow icon={Wrench}>
      <p className="font-medium text-foreground">
        {skills.length > 0 ? `Skills: ${skills.join(", ")}` : "No skills: it can only ask staff"}
      </p>
      <ToolNames label="Tools" names={tools} testId="trace-tools" />
      {withheld.length > 0 ? (
        <ToolNames label="Not granted" names={withheld} testId="trace-withheld-tools" struck />
      ) : null}
    </StepRow>
  );
}

function ToolNames({
  label,
  names,
  testId,
  struck = false,
}: {
  label: string;
  names: readonly string[];
  testId: string;
  struck?: boolean;
}) {
  return (
    <p className="flex min-w-0 flex-wrap items-baseline gap-1 text-muted-foreground" data-testid={testId}>
      <span>{label}:</span>
      {names.map((name) => (
        <code
          key={name}
          title={TOOL_LABELS[name as keyof typeof TOOL_LABELS] ?? name}
          className={cn("rounded bg-muted px-1 py-px font-mono text-[11px]", struck && "line-through opacity-70")}
        >
          {name}
        </code>
      ))}
    </p>
  );
}

function PassagesStep({ passages }: { passages: TracePassage[] }) {
  return (
    <StepRow icon={BookOpen}>
      <p className="font-medium text-foreground">
        {passages.length === 1 ? "1 knowledge passage" : `${passages.length} knowledge passages`}
      </p>
      {passages.length > 0 ? (
        <ul className="space-y-1.5">
          {passages.map((passage, index) => (
            // One entry may give several passages; the list never changes.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} className="min-w-0 rounded-md border bg-background/60 px-2 py-1.5">
              <p className="break-words font-medium text-foreground">{passage.title}</p>
              <p className="break-words text-muted-foreground" title={passage.text}>
                {truncateText(passage.text)}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </StepRow>
  );
}

function ToolCallStep({ step }: { step: Extract<TraceStep, { kind: "tool_call" }> }) {
  const args = summarizeJson(step.arguments, { empty: "no arguments" });
  const result = summarizeJson(step.result, { empty: "no result" });
  return (
    <StepRow icon={Wrench} tone={step.ok ? "muted" : "destructive"}>
      <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5">
        <span className="break-all font-medium font-mono text-foreground">{step.tool}</span>
        {step.ok ? (
          <span className="inline-flex items-center gap-1 text-success">
            <CircleCheck aria-hidden className="size-3.5" />
            ok
          </span>
        ) : (
          <span className="inline-flex items-center gap-1 font-medium text-destructive">
            <CircleAlert aria-hidden className="size-3.5" />
            failed
          </span>
        )}
        <span className="text-muted-foreground tabular-nums">{formatMs(step.durationMs)}</span>
      </p>
      <p className="break-words font-mono text-muted-foreground [overflow-wrap:anywhere]">
        {args} <span aria-hidden>→</span>
        <span className="sr-only">, answered:</span> {result}
      </p>
      <details>
        <summary className="w-fit cursor-pointer select-none rounded-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring">
          Arguments and result
        </summary>
        <div className="mt-1.5 space-y-1.5">
          <JsonBlock label="Arguments" value={step.arguments} />
          <JsonBlock label="Result" value={step.result} />
        </div>
      </details>
    </StepRow>
  );
}

function JsonBlock({ label, value }: { label: string; value: unknown }) {
  return (
    <div className="min-w-0">
      <p className="mb-0.5 font-medium text-muted-foreground">{label}</p>
      <pre
        // A scrolling region must be reachable by keyboard to be scrolled (axe: scrollable-region-focusable).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
        tabIndex={0}
        className="max-h-48 overflow-auto whitespace-pre-wrap rounded-md border bg-muted/50 p-2 font-mono text-[0.6875rem] text-foreground leading-relaxed outline-none [overflow-wrap:anywhere] focus-visible:ring-2 focus-visible:ring-ring"
      >
        {prettyJson(value)}
      </pre>
    </div>
  );
}

function ErrorStep({ message }: { message: string }) {
  return (
    <StepRow icon={CircleAlert} tone="destructive">
      <p className="break-words text-destructive" data-testid="trace-error">
        {message}
      </p>
    </StepRow>
  );
}
