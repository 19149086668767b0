import {
  type AgentRunTrace,
  CALL_OUTCOME_LABELS,
  type CallDetail,
  formatCallDuration,
  friendlyPhoneNumber,
  ticketDisplayId,
} from "@foreman/contract";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowLeft, ChevronRight, LifeBuoy, MessagesSquare, PhoneOff, ShoppingCart } from "lucide-react";
import { type ReactNode, useState } from "react";
import { AgentRunOutcomeBadge, AgentTrace } from "#web/components/agent-trace/agent-trace.tsx";
import { EmptyState } from "#web/components/feedback/empty-state.tsx";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { PageHeader } from "#web/components/layout/page-header.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "#web/components/ui/collapsible.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { exactDateTime } from "#web/lib/relative-time.ts";
import { cn } from "#web/lib/utils.ts";
import { callQueryOptions, conversationRunsQueryOptions, isCallNotFound, isFinalCallStatus } from "../api.ts";
import { CallDirectionLabel, CallStatusBadge } from "./call-badges.tsx";
import { CallRecording } from "./call-recording.tsx";
import { CallTimer } from "./call-timer.tsx";
import { CallTranscript } from "./call-transcript.tsx";

// One call: who called whom and how it went, the transcript turn by turn, the recording when the
// company records calls, what the call led to (its conversation, tickets and orders), and how the AI
// employee reached each answer (the agent trace, as the conversation screens show it).

export function CallDetailPage({ callId }: { callId: string }) {
  const companyId = useCompanyId();
  const query = useQuery(callQueryOptions(companyId, callId));
  if (query.error && !query.data) {
    if (isCallNotFound(query.error)) return <CallNotFound />;
    return <QueryError title="Couldn't load the call" error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!query.data) return <CallLoading />;
  return <CallView call={query.data} />;
}

function BackToCalls() {
  return (
    <Button variant="ghost" size="sm" asChild className="-ml-2 text-muted-foreground">
      <Link to="/phones" search={{ tab: "calls" }}>
        <ArrowLeft aria-hidden />
        Calls
      </Link>
    </Button>
  );
}

function CallNotFound() {
  return (
    <div className="space-y-6">
      <BackToCalls />
      <EmptyState
        icon={PhoneOff}
        title="Call not found"
        description="The call you are looking for doesn't exist or belongs to another company."
        action={
          <Button asChild variant="outline">
            <Link to="/phones" search={{ tab: "calls" }}>
              Back to calls
            </Link>
          </Button>
        }
      />
    </div>
  );
}

export function CallLoading() {
  return (
    <div className="space-y-6" role="status">
      <span className="sr-only">Loading the call…</span>
      <Skeleton className="h-8 w-24" />
      <Skeleton className="h-9 w-56" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Skeleton className="h-96 rounded-xl" />
        <Skeleton className="h-72 rounded-xl" />
      </div>
    </div>
  );
}

function CallView({ call }: { call: CallDetail }) {
  const live = !isFinalCallStatus(call.status);
  const aiName = call.aiEmployee?.name ?? "AI employee";
  return (
    <div className="space-y-6" data-testid="call-detail">
      <BackToCalls />
      <PageHeader
        title={`Call ${call.number}`}
        description={
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <CallDirectionLabel direction={call.direction} />
            <span aria-hidden>·</span>
            <span className="tabular-nums">
              {friendlyPhoneNumber(call.from)} → {friendlyPhoneNumber(call.to)}
            </span>
            {call.isTest ? (
              <>
                <span aria-hidden>·</span>
                <span>Test call</span>
              </>
            ) : null}
          </span>
        }
        actions={
          <div className="flex items-center gap-3">
            <CallStatusBadge status={call.status} />
            {live ? (
              <CallTimer call={call} className="font-semibold text-lg" />
            ) : (
              <span className="font-semibold text-lg tabular-nums" data-testid="call-duration">
                {call.durationSeconds !== null ? formatCallDuration(call.durationSeconds) : "—"}
              </span>
            )}
          </div>
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid min-w-0 gap-6">
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Transcript</h2>
              </CardTitle>
              <CardDescription>
                {call.turns.length === 0
                  ? "Nothing was said on this call."
                  : "What the caller said, as the phone provider heard it, and what the AI employee answered."}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <CallTranscript turns={call.turns} callerName={call.customer?.name ?? null} aiName={aiName} live={live} />
            </CardContent>
          </Card>
          {call.recording ? <CallRecording callNumber={call.number} recording={call.recording} /> : null}
          {call.conversationId && call.agentRunIds.length > 0 ? (
            <AgentRuns
              conversationId={call.conversationId}
              runIds={call.agentRunIds}
              callerWords={call.turns.filter((turn) => turn.speaker === "caller").map((turn) => turn.text)}
            />
          ) : null}
        </div>
        <div className="grid min-w-0 gap-6">
          <CallFacts call={call} />
          <Related call={call} />
        </div>
      </div>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_minmax(0,1fr)] gap-3 py-2 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

const when = (iso: string | null) =>
  iso ? (
    <time dateTime={iso} className="tabular-nums">
      {exactDateTime(iso)}
    </time>
  ) : (
    <span className="text-muted-foreground">—</span>
  );

function CallFacts({ call }: { call: CallDetail }) {
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle>
          <h2>Details</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="divide-y">
          <Fact label="AI employee">
            {call.aiEmployee?.name ?? <span className="text-muted-foreground">None</span>}
          </Fact>
          <Fact label="Customer">
            {call.customer?.name ?? <span className="text-muted-foreground">Unknown caller</span>}
          </Fact>
          <Fact label="From">
            <span className="tabular-nums">{friendlyPhoneNumber(call.from)}</span>
          </Fact>
          <Fact label="To">
            <span className="tabular-nums">{friendlyPhoneNumber(call.to)}</span>
          </Fact>
          <Fact label="Started">{when(call.startedAt)}</Fact>
          <Fact label="Answered">{when(call.answeredAt)}</Fact>
          <Fact label="Ended">{when(call.endedAt)}</Fact>
          <Fact label="Outcome">
            {call.outcome ? CALL_OUTCOME_LABELS[call.outcome] : <span className="text-muted-foreground">—</span>}
          </Fact>
        </dl>
      </CardContent>
    </Card>
  );
}

const RELATED_LINK =
  "flex items-center gap-3 rounded-lg px-2 py-2 text-sm outline-none transition-colors hover:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring";

function Related({ call }: { call: CallDetail }) {
  const nothing = !call.conversationId && call.tickets.length === 0 && call.orders.length === 0;
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle>
          <h2>What it led to</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {nothing ? (
          <p className="text-muted-foreground text-sm">No conversation, ticket or order came from this call.</p>
        ) : (
          <ul className="-mx-2 grid gap-0.5" data-testid="call-related">
            {call.conversationId ? (
              <li>
                <Link
                  to="/conversations/$conversationId"
                  params={{ conversationId: call.conversationId }}
                  className={RELATED_LINK}
                >
                  <MessagesSquare aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                  <span className="min-w-0 flex-1 truncate">Conversation</span>
                  <ChevronRight aria-hidden className="size-4 text-muted-foreground" />
                </Link>
              </li>
            ) : null}
            {call.tickets.map((ticket) => (
              <li key={ticket.id}>
                <Link to="/support" search={{ ticket: ticket.id }} className={RELATED_LINK}>
                  <LifeBuoy aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                  <span className="min-w-0 flex-1 truncate">
                    <span className="text-muted-foreground tabular-nums">{ticketDisplayId(ticket.number)}</span>{" "}
                    {ticket.subject}
                  </span>
                  <ChevronRight aria-hidden className="size-4 text-muted-foreground" />
                </Link>
              </li>
            ))}
            {call.orders.map((order) => (
              <li key={order.id}>
                <Link to="/orders/$orderId" params={{ orderId: order.id }} className={RELATED_LINK}>
                  <ShoppingCart aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                  <span className="min-w-0 flex-1 truncate">{order.title || "Order"}</span>
                  <ChevronRight aria-hidden className="size-4 text-muted-foreground" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** The agent trace: each of the call's runs, folded, in the shared trace view the conversation screens use. */
type AgentRunsProps = {
  conversationId: string;
  runIds: readonly string[];
  /** What the caller said, turn by turn: each run answers one, in order. */
  callerWords: readonly string[];
};

function AgentRuns({ conversationId, runIds, callerWords }: AgentRunsProps) {
  const companyId = useCompanyId();
  const query = useQuery(conversationRunsQueryOptions(companyId, conversationId));
  const runs = (query.data?.runs ?? []).filter((run) => runIds.includes(run.id));
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Agent trace</h2>
        </CardTitle>
        <CardDescription>
          How the AI employee reached each answer: what it read, the tools it called and what they answered.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.error ? (
          <QueryError
            title="Couldn't load the trace"
            error={query.error}
            onRetry={() => void query.refetch()}
            size="sm"
          />
        ) : !query.data ? (
          <div className="grid gap-2" role="status">
            <span className="sr-only">Loading the trace…</span>
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-9 w-full" />
          </div>
        ) : runs.length === 0 ? (
          <p className="text-muted-foreground text-sm">The traces of this call's answers are no longer kept.</p>
        ) : (
          <ol className="grid gap-2" aria-label="Answers">
            {runs.map((run, index) => (
              <RunItem
                key={run.id}
                run={run}
                // Paired by order only when each caller turn has its run (a re-prompt has none).
                label={runs.length === callerWords.length ? `Answer to “${callerWords[index]}”` : `Answer ${index + 1}`}
              />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

function RunItem({ run, label }: { run: AgentRunTrace; label: string }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="rounded-lg border" data-testid="call-run">
      <Collapsible open={open} onOpenChange={setOpen}>
        <CollapsibleTrigger className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm outline-none hover:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring">
          <ChevronRight aria-hidden className={cn("size-4 shrink-0 transition-transform", open && "rotate-90")} />
          <span className="min-w-0 flex-1 truncate font-medium" title={label}>
            {label}
          </span>
          <AgentRunOutcomeBadge outcome={run.outcome} />
        </CollapsibleTrigger>
        <CollapsibleContent>
          <AgentTrace run={run} showOutcome={false} className="border-t p-3" />
        </CollapsibleContent>
      </Collapsible>
    </li>
  );
}
