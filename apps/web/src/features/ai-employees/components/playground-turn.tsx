import { type AgentRunTrace, type AiEmployee, displayTimeZone, type PendingReply } from "@foreman/contract";
import { ChevronRight, CircleAlert, Hourglass } from "lucide-react";
import { type ReactNode, useState } from "react";
import { AgentRunOutcomeBadge, AgentTrace } from "#web/components/agent-trace/agent-trace.tsx";
import { MessageAvatar } from "#web/components/avatars/message-avatar.tsx";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "#web/components/ui/collapsible.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { cn } from "#web/lib/utils.ts";
import type { PlaygroundAnswer } from "../api.ts";

// One exchange of the playground: the staff's test message on the right, the AI employee's answer on
// the left with its trace folded under it (or, when the run outlived the wait, where the reply stands).

export type PlaygroundEmployee = Pick<AiEmployee, "id" | "name" | "avatarUrl">;

const BUBBLE = "rounded-2xl px-3.5 py-2 text-sm leading-relaxed shadow-xs";
const TEXT = "whitespace-pre-wrap break-words [overflow-wrap:anywhere]";

export function StaffTestMessage({ content }: { content: string }) {
  return (
    <li className="flex flex-col items-end gap-1 pl-8" data-testid="playground-message" data-side="staff">
      <p className="px-1 text-muted-foreground text-xs">You</p>
      <div className={cn(BUBBLE, "max-w-full rounded-tr-md bg-primary text-primary-foreground")}>
        <p className={TEXT}>{content}</p>
      </div>
    </li>
  );
}

function AiSide({ employee, children }: { employee: PlaygroundEmployee; children: ReactNode }) {
  return (
    <li className="flex gap-2.5 pr-2" data-testid="playground-message" data-side="ai">
      <MessageAvatar senderType="ai" name={employee.name} src={employee.avatarUrl} className="mt-0.5" />
      <div className="flex w-full min-w-0 flex-col items-start gap-1.5">
        <p className="flex min-w-0 max-w-full items-baseline gap-1.5 px-1 text-xs">
          <span className="truncate font-medium text-foreground">{employee.name}</span>
          <span className="shrink-0 text-muted-foreground">AI employee</span>
        </p>
        {children}
      </div>
    </li>
  );
}

export function PlaygroundTurn({ turn, employee }: { turn: PlaygroundAnswer; employee: PlaygroundEmployee }) {
  const { message, reply, run, pending } = turn;
  return (
    <>
      <StaffTestMessage content={message.content} />
      <AiSide employee={employee}>
        {reply ? (
          <div
            className={cn(BUBBLE, "max-w-full rounded-tl-md border border-primary/15 bg-primary/8 dark:bg-primary/15")}
            data-testid="playground-reply"
          >
            <p className={TEXT}>{reply.content}</p>
          </div>
        ) : run ? (
          <p className="px-1 text-muted-foreground text-xs italic">No message to the customer.</p>
        ) : null}
        {!reply && pending ? <PendingNotice pending={pending} /> : null}
        {!reply && !run && !pending ? <p className="px-1 text-muted-foreground text-xs italic">No reply yet.</p> : null}
        {run ? <TraceDisclosure run={run} /> : null}
      </AiSide>
    </>
  );
}

/** The AI's side while the request is on its way. */
export function ThinkingMessage({ employee }: { employee: PlaygroundEmployee }) {
  return (
    <AiSide employee={employee}>
      <p
        role="status"
        className="inline-flex items-center gap-2 rounded-2xl rounded-tl-md border border-dashed px-3.5 py-2 text-muted-foreground text-sm"
        data-testid="playground-thinking"
      >
        <Spinner className="size-3.5" />
        Thinking…
      </p>
    </AiSide>
  );
}

function TraceDisclosure({ run }: { run: AgentRunTrace }) {
  const [open, setOpen] = useState(false);
  return (
    <Collapsible open={open} onOpenChange={setOpen} className="w-full min-w-0">
      <div className="flex items-center gap-2 px-1">
        <CollapsibleTrigger className="inline-flex items-center gap-1 rounded-sm font-medium text-muted-foreground text-xs outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring">
          <ChevronRight aria-hidden className={cn("size-3.5 transition-transform", open && "rotate-90")} />
          Trace
        </CollapsibleTrigger>
        <AgentRunOutcomeBadge outcome={run.outcome} />
      </div>
      <CollapsibleContent>
        <AgentTrace run={run} showOutcome={false} className="mt-1.5 rounded-lg border bg-muted/30 p-3" />
      </CollapsibleContent>
    </Collapsible>
  );
}

const timeOf = (iso: string | null) =>
  iso && Number.isFinite(Date.parse(iso))
    ? new Date(iso).toLocaleTimeString("en-US", {
        hour: "numeric",
        minute: "2-digit",
        second: "2-digit",
        // The company's zone, like every time on the screens (Settings → General).
        timeZone: displayTimeZone(),
      })
    : null;

/** The run went on past the playground's wait: queued for a retry, still running, or failed for good. */
function PendingNotice({ pending }: { pending: PendingReply }) {
  const failed = pending.state === "failed";
  const retryAt = timeOf(pending.nextAttemptAt);
  let detail: string;
  if (failed) detail = pending.lastError ?? "Every attempt failed.";
  else if (pending.lastError) detail = `${pending.lastError} — will retry${retryAt ? ` at ${retryAt}` : ""}.`;
  else detail = "It is taking longer than 30 s. The run goes on, but its reply will not show here.";
  return (
    <div
      role="status"
      className={cn(
        "flex max-w-full items-start gap-2 rounded-lg border px-3 py-2 text-xs",
        failed ? "border-destructive/25 bg-destructive/8" : "border-warning/30 bg-warning/10",
      )}
      data-testid="playground-pending"
      data-state={pending.state}
    >
      {failed ? (
        <CircleAlert aria-hidden className="mt-px size-3.5 shrink-0 text-destructive" />
      ) : (
        <Hourglass
          aria-hidden
          className="mt-px size-3.5 shrink-0 text-[oklch(0.47_0.12_58)] dark:text-[oklch(0.87_0.15_85)]"
        />
      )}
      <div className="min-w-0 space-y-0.5">
        <p className="font-medium">
          {failed ? "No reply: the AI employee could not answer." : "The reply is still pending."}
        </p>
        <p className="break-words text-muted-foreground">{detail}</p>
      </div>
    </div>
  );
}
