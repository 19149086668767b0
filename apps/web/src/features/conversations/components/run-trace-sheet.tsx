import { useQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { AgentTrace } from "#web/components/agent-trace/agent-trace.tsx";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { LazySheet, LazySheetContent, LazySheetDescription, LazySheetTitle } from "#web/components/ui/lazy-sheet.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { agentRunsQueryOptions } from "../api.ts";

// The trace of one AI reply, in a side sheet: loaded with the conversation's runs the first time one
// is opened (its own chunk: most visits never open one).

type RunTraceSheetProps = {
  conversationId: string;
  runId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

export function RunTraceSheet({ conversationId, runId, open, onOpenChange }: RunTraceSheetProps) {
  // Opened from a message's Trace button, not a Radix trigger: focus goes back to it by hand.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <LazySheet open={open} onOpenChange={onOpenChange}>
      <LazySheetContent
        className="w-full sm:max-w-md"
        data-testid="run-trace-sheet"
        onOpenAutoFocus={(event: Event) => {
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          // The sheet itself, so its title and description are read first (not the first toggle inside).
          event.preventDefault();
          if (event.currentTarget instanceof HTMLElement) event.currentTarget.focus();
        }}
        onCloseAutoFocus={(event: Event) => {
          event.preventDefault();
          opener.current?.focus();
        }}
      >
        <div className="space-y-1.5 border-b p-4 pr-12">
          <LazySheetTitle>Trace of the AI reply</LazySheetTitle>
          <LazySheetDescription className="text-xs leading-relaxed">
            How the AI employee reached this reply: what it read, the tools it called and what they answered.
          </LazySheetDescription>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto p-4">
          <RunTrace conversationId={conversationId} runId={runId} />
        </div>
      </LazySheetContent>
    </LazySheet>
  );
}

function RunTrace({ conversationId, runId }: { conversationId: string; runId: string }) {
  const companyId = useCompanyId();
  const runs = useQuery(agentRunsQueryOptions(companyId, conversationId));
  const run = runs.data?.runs.find((item) => item.id === runId);
  if (run) return <AgentTrace run={run} />;
  // A reply newer than the cached answer: wait for the refetch that opening started.
  if (runs.isPending || runs.isFetching)
    return (
      <div className="space-y-2.5" role="status">
        <span className="sr-only">Loading the trace…</span>
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-4 w-56" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  if (runs.error)
    return (
      <QueryError title="Couldn't load the trace" error={runs.error} onRetry={() => void runs.refetch()} size="sm" />
    );
  return <p className="text-muted-foreground text-sm">The trace of this reply is not available.</p>;
}
