import type { AssistantThreadSummary } from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { Bot, ClipboardList, MessagesSquare } from "lucide-react";
import { Avatar, AvatarFallback, AvatarInitials } from "#web/components/ui/avatar.tsx";
import { exactDateTime, relativeTime } from "#web/lib/relative-time.ts";
import { cn, initials } from "#web/lib/utils.ts";
import { NO_THREADS_TEXT } from "../api.ts";

// The threads list: each thread's customer, AI assistant, tags, task
// count and last update; the selected one is in the address (`?thread=<id>`).

export function ThreadsList({
  threads,
  selectedId,
}: {
  threads: readonly AssistantThreadSummary[];
  selectedId: string | undefined;
}) {
  if (threads.length === 0) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-muted-foreground">
        <MessagesSquare aria-hidden className="size-8 opacity-60" />
        <p className="font-medium text-foreground">{NO_THREADS_TEXT}</p>
        <p className="text-sm">When an AI employee asks your team for help, the thread shows up here.</p>
      </div>
    );
  }
  return (
    <ul className="flex-1 divide-y overflow-y-auto" aria-label="Threads" data-testid="threads-list">
      {threads.map((thread) => (
        <li key={thread.id} className="skip-offscreen [--row-height:5.75rem]">
          <ThreadRow thread={thread} selected={thread.id === selectedId} />
        </li>
      ))}
    </ul>
  );
}

function ThreadRow({ thread, selected }: { thread: AssistantThreadSummary; selected: boolean }) {
  const customer = thread.customer?.fullName ?? thread.conversation.customerName ?? "Unknown customer";
  const open = thread.state === "to_do";
  return (
    <Link
      to="/assistant"
      search={{ thread: thread.id }}
      aria-current={selected ? "true" : undefined}
      className={cn(
        "flex gap-3 px-4 py-3 outline-none transition-colors hover:bg-muted/60 focus-visible:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset",
        selected && "bg-accent hover:bg-accent",
      )}
      data-testid="thread-row"
      data-thread-id={thread.id}
      data-state={thread.state}
    >
      <Avatar aria-hidden className="mt-0.5 size-9">
        <AvatarFallback>
          <AvatarInitials value={initials(customer)} />
        </AvatarFallback>
      </Avatar>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex items-baseline justify-between gap-2">
          <span className="truncate font-medium" data-testid="thread-customer">
            {customer}
          </span>
          <time
            dateTime={thread.updatedAt}
            title={exactDateTime(thread.updatedAt)}
            className="shrink-0 text-muted-foreground text-xs"
          >
            {relativeTime(thread.updatedAt)}
          </time>
        </div>
        <p className={cn("relative truncate text-sm", open ? "text-foreground" : "text-muted-foreground")}>
          {open ? (
            <span className="mr-1.5 inline-block size-1.5 rounded-full bg-primary align-middle" aria-hidden />
          ) : null}
          {thread.title}
          <span className="sr-only">{open ? " (to do)" : " (done)"}</span>
        </p>
        <div className="flex items-center gap-3 text-muted-foreground text-xs">
          <span className="inline-flex min-w-0 items-center gap-1">
            <Bot aria-hidden className="size-3.5 shrink-0" />
            <span className="truncate">{thread.aiEmployee?.name ?? "AI assistant"}</span>
          </span>
          <span
            className="relative inline-flex shrink-0 items-center gap-1"
            title="Open tasks on this conversation"
            data-testid="thread-task-count"
          >
            <ClipboardList aria-hidden className="size-3.5" />
            {thread.taskCount}
            <span className="sr-only"> open {thread.taskCount === 1 ? "task" : "tasks"}</span>
          </span>
          {thread.tags.length > 0 ? (
            // The first tag (cut short if long) and how many more: the row stays one line.
            <span className="relative ml-auto flex shrink-0 items-center gap-1">
              <span className="sr-only">Tags: {thread.tags.join(", ")}</span>
              <span
                aria-hidden
                className="max-w-20 truncate rounded border bg-background px-1.5 py-px text-[0.6875rem]"
                title={thread.tags.join(", ")}
              >
                {thread.tags[0]}
              </span>
              {thread.tags.length > 1 ? <span aria-hidden>+{thread.tags.length - 1}</span> : null}
            </span>
          ) : null}
        </div>
      </div>
    </Link>
  );
}
