import type { AssistantSearch } from "@foreman/contract";
import { useQuery } from "@tanstack/react-query";
import { MessagesSquare } from "lucide-react";
import { useLiveTaskRefresh } from "#web/features/tasks/use-live-task-refresh.ts";
import { CompanyGate, useCompanyId } from "#web/lib/company-id.tsx";
import { cn } from "#web/lib/utils.ts";
import { threadsQueryOptions } from "../api.ts";
import { AssistantLoading } from "./assistant-loading.tsx";
import { ThreadConversation, ThreadDetails } from "./thread-panel.tsx";
import { ThreadsList } from "./threads-list.tsx";

// /assistant: the threads list, the conversation panel and the info panel. The three sit side
// by side from 60rem of the screen's own width (a container query: the sidebar may be open); from 48rem
// the list and the conversation do, and the info panel opens on demand; on a phone each is a view of
// its own, with back buttons: list → thread → info. The selection lives in the address
// (`?thread=<id>&panel=info`).

type View = "list" | "thread" | "info";

export function viewOf(search: AssistantSearch): View {
  if (!search.thread) return "list";
  return search.panel === "info" ? "info" : "thread";
}

type AssistantPageProps = {
  search: AssistantSearch;
  /** Whether the user may answer authorization threads (owners and admins; members when allowed). */
  canApprove?: boolean;
};

export function AssistantPage({ search, canApprove = false }: AssistantPageProps) {
  return (
    // Fills the main area edge to edge (the shell pads it), below the 3.5rem header.
    <div className="@container -mx-4 -my-6 h-[calc(100dvh-3.5rem)] overflow-hidden md:-mx-8 md:-my-8">
      <h1 className="sr-only">Assistant</h1>
      <CompanyGate fallback={<AssistantLoading className="h-full py-0" />}>
        <Assistant search={search} canApprove={canApprove} />
      </CompanyGate>
    </div>
  );
}

function Assistant({ search, canApprove }: Required<AssistantPageProps>) {
  const companyId = useCompanyId();
  useLiveTaskRefresh(companyId);
  const threads = useQuery(threadsQueryOptions(companyId));
  if (threads.isPending) {
    return <AssistantLoading className="h-full py-0" />;
  }
  const list = threads.data ?? [];
  const view = viewOf(search);
  const selected = search.thread;
  const summary = list.find((thread) => thread.id === selected);
  return (
    <div className="flex h-full min-h-0">
      <section
        aria-labelledby="threads-heading"
        className={cn(
          "min-h-0 w-full flex-col @3xl:flex @3xl:w-80 @3xl:shrink-0 @3xl:border-r",
          view === "list" ? "flex" : "hidden",
        )}
      >
        <header className="flex h-16 shrink-0 items-center justify-between gap-2 border-b px-4">
          <h2 id="threads-heading" className="font-semibold">
            Threads
          </h2>
          <span className="text-muted-foreground text-sm tabular-nums" data-testid="threads-count">
            {list.length.toLocaleString("en-US")}
          </span>
        </header>
        <ThreadsList threads={list} selectedId={selected} />
      </section>

      <section
        aria-label="Conversation"
        className={cn(
          "min-h-0 min-w-0 flex-1 flex-col",
          view === "thread" ? "flex" : view === "list" ? "hidden @3xl:flex" : "hidden @min-[60rem]:flex",
        )}
        data-testid="conversation-panel"
      >
        {selected ? (
          <ThreadConversation key={selected} threadId={selected} summary={summary} canApprove={canApprove} />
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-muted-foreground">
            <MessagesSquare aria-hidden className="size-8 opacity-60" />
            <p>{list.length > 0 ? "Choose a thread to read it and reply." : "Threads will show up here."}</p>
          </div>
        )}
      </section>

      {selected ? (
        <aside
          aria-label="Thread details"
          className={cn(
            "min-h-0 min-w-0 flex-1 flex-col @3xl:border-l @min-[60rem]:flex @min-[60rem]:w-72 @min-[60rem]:flex-none",
            view === "info" ? "flex" : "hidden",
          )}
          data-testid="info-panel"
        >
          <ThreadDetails threadId={selected} />
        </aside>
      ) : null}
    </div>
  );
}
